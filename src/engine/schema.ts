import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
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

/** The first few schema errors as short sentences; empty when the value matches. */
export function schemaErrors(schema: TSchema, value: unknown, limit = 5): string[] {
  const check = checker(schema);
  if (check.Check(value)) return [];
  const out: string[] = [];
  for (const error of check.Errors(value)) {
    out.push(`${error.path || '/'}: ${error.message}`);
    if (out.length >= limit) break;
  }
  return out;
}

/** Fill in defaults (a copy), then the caller checks it with schemaErrors. */
export function withDefaults(schema: TSchema, value: unknown): unknown {
  return Value.Default(schema, Value.Clone(value ?? {}));
}
