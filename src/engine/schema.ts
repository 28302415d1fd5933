import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';

/**
 * Compiled validators for game schemas, cached per schema object. Pure (no I/O): games use
 * it in tests, the service uses it to refuse malformed actions and options before `apply`.
 */
const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checker(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** The property that tells the members of a union apart (`type` for actions, `kind` for time controls). */
function discriminatorOf(schema: TSchema): string | undefined {
  const members = schema.anyOf as TSchema[] | undefined;
  if (!Array.isArray(members) || members.length === 0) return undefined;
  return ['type', 'kind'].find((key) => members.every((member) => member.properties?.[key]?.const !== undefined));
}

const shown = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

/** One schema error as a sentence naming the field, e.g. `field "territory" got 99: Expected integer to be less or equal to 23`. */
function sentence(error: ValueError, member: string | undefined): string {
  const field = error.path ? `field "${error.path.slice(1).replaceAll('/', '.')}"` : 'the value';
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return `${field} is not a field of ${member ? `"${member}"` : 'this object'}`;
  if (error.type === ValueErrorType.ObjectRequiredProperty) return `${field} is missing`;
  const choices = error.schema.anyOf as TSchema[] | undefined;
  if (error.type === ValueErrorType.Union && choices?.every((choice) => choice.const !== undefined)) {
    return `${field} got ${shown(error.value)}: expected one of ${choices.map((choice) => String(choice.const)).join(', ')}`;
  }
  return `${field} got ${shown(error.value)}: ${error.message}`;
}

/**
 * The first few schema errors as short sentences; empty when the value matches. For a union
 * discriminated by `type` (every game's actions), the errors are those of the member the value's
 * `type` names, instead of TypeBox's bare "Expected union value".
 */
export function schemaErrors(schema: TSchema, value: unknown, limit = 5): string[] {
  const check = checker(schema);
  if (check.Check(value)) return [];
  const key = discriminatorOf(schema);
  let target = schema;
  let prefix = '';
  if (key !== undefined) {
    const members = schema.anyOf as TSchema[];
    const tag = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    const member = members.find((candidate) => candidate.properties[key].const === tag);
    if (!member) {
      const names = members.map((candidate) => String(candidate.properties[key].const));
      return [`field "${key}" got ${shown(tag)}: expected one of ${names.join(', ')}`];
    }
    target = member;
    prefix = `"${String(tag)}": `;
  }
  const out: string[] = [];
  const missing = new Set<string>();
  for (const error of checker(target).Errors(value)) {
    // A missing field is reported once, not again as "got nothing".
    if (error.type === ValueErrorType.ObjectRequiredProperty) missing.add(error.path);
    else if (missing.has(error.path)) continue;
    out.push(prefix + sentence(error, key === undefined ? undefined : String((value as Record<string, unknown>)[key])));
    if (out.length >= limit) break;
  }
  return out;
}

/** Fill in defaults (a copy), then the caller checks it with schemaErrors. */
export function withDefaults(schema: TSchema, value: unknown): unknown {
  return Value.Default(schema, Value.Clone(value ?? {}));
}
