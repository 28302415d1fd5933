import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Query depth limit, as a validation rule. The depth of a field is the number of selection sets it
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
export function depthLimit(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    // Each fragment's depth is computed once, so fragments spread many times cost nothing extra.
    const fragmentDepths = new Map<string, number>();
    const entered = new Set<string>();
    /** The depth of the deepest field of a selection set, its own fields being at 0. */
    const deepest = (selectionSet: SelectionSetNode): number => {
      let depth = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.selectionSet) depth = Math.max(depth, deepest(selection.selectionSet) + (selection.name.value === 'ofType' ? 0 : 1));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          depth = Math.max(depth, deepest(selection.selectionSet));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // Unknown fragments and cycles are refused by the standard rules (KnownFragmentNames, NoFragmentCycles).
          if (!fragment || entered.has(name)) continue;
          if (!fragmentDepths.has(name)) {
            entered.add(name);
            fragmentDepths.set(name, deepest(fragment.selectionSet));
            entered.delete(name);
          }
          depth = Math.max(depth, fragmentDepths.get(name)!);
        }
      }
      return depth;
    };
    return {
      OperationDefinition(operation) {
        const depth = deepest(operation.selectionSet);
        if (depth > maxDepth) {
          const name = operation.name ? ` '${operation.name.value}'` : '';
          context.reportError(new GraphQLError(`The ${operation.operation}${name} is ${depth} levels deep; the maximum depth is ${maxDepth}.`, { nodes: [operation] }));
        }
        return false;
      },
    };
  };
}
