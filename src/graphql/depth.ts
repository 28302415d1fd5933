import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import { ServiceError } from '../errors.js';

/**
 * Query depth and size limits, as one validation rule. Size is the number of fields selected,
 * aliases included and each fragment counted wherever it is spread (800 aliases of one field are
 * 800 fields). The depth of a field is the number of selection sets it
 * sits under below the operation (top-level fields are at depth 0, so `{ me { id } }` has depth 1);
 * a document with a field deeper than `maxDepth` is refused. These are the semantics of
 * `graphql-depth-limit`, which this replaces because it recursed without end on fragment cycles
 * (`fragment A on User { ...A }` overflowed the stack and became a 500) and crashed on unknown
 * fragments: here a fragment is never entered twice on one path, and unknown fragments are left to
 * the standard rules that name them.
 *
 * Introspection is counted too (a `__type { fields { type { fields … } } }` cycle multiplies work
 * at every level), except `ofType`: those chains are linear, and the standard introspection query
 * nests them seven deep.
 */
export function depthLimit(maxDepth: number, maxFields = Number.POSITIVE_INFINITY) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    // Each fragment's shape is computed once, so fragments spread many times cost nothing extra.
    const fragmentShapes = new Map<string, Shape>();
    const entered = new Set<string>();
    /** The depth of the deepest field of a selection set (its own fields at 0), and how many fields it selects. */
    const measure = (selectionSet: SelectionSetNode): Shape => {
      let depth = 0;
      let fields = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          fields += 1;
          if (selection.selectionSet) {
            const inner = measure(selection.selectionSet);
            depth = Math.max(depth, inner.depth + (selection.name.value === 'ofType' ? 0 : 1));
            fields += inner.fields;
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const inner = measure(selection.selectionSet);
          depth = Math.max(depth, inner.depth);
          fields += inner.fields;
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // Unknown fragments and cycles are refused by the standard rules (KnownFragmentNames, NoFragmentCycles).
          if (!fragment || entered.has(name)) continue;
          if (!fragmentShapes.has(name)) {
            entered.add(name);
            fragmentShapes.set(name, measure(fragment.selectionSet));
            entered.delete(name);
          }
          const inner = fragmentShapes.get(name)!;
          depth = Math.max(depth, inner.depth);
          fields += inner.fields;
        }
      }
      return { depth, fields };
    };
    return {
      OperationDefinition(operation) {
        const { depth, fields } = measure(operation.selectionSet);
        const name = operation.name ? ` '${operation.name.value}'` : '';
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`The ${operation.operation}${name} is ${depth} levels deep; the maximum depth is ${maxDepth}.`, { nodes: [operation] }));
        }
        if (fields > maxFields) {
          const message = `The ${operation.operation}${name} selects ${fields} fields (aliases and fragment spreads counted where used); the most is ${maxFields}.`;
          context.reportError(new GraphQLError(message, { nodes: [operation], originalError: new ServiceError(400, 'GRAPHQL_TOO_MANY_FIELDS', message, { fields, maxFields }) }));
        }
        return false;
      },
    };
  };
}

interface Shape {
  depth: number;
  fields: number;
}
