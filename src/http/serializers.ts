import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's response serializer compiler (fast-json-stringify), remembering what it compiled: a
 * route's response schema with the same shared schemas compiles to the same function, so a second
 * app in one process (tests build ~100; a process may build several) reuses it instead of compiling
 * again. Compiling every route's response schema was most of `app.ready()` (8.7 of 11 s per app under
 * load, fast-json-stringify's schema checks on the per-game unions); the functions are pure, so
 * sharing them changes no answer.
 */
const compiled = new Map<string, unknown>();
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value) ?? '').digest('base64url');

type Factory = ReturnType<typeof SerializerSelector>;

export const rememberingSerializers: Factory = (externalSchemas, serializerOpts) => {
  const compile = SerializerSelector()(externalSchemas, serializerOpts);
  const context = hash([externalSchemas, serializerOpts]);
  return (route) => {
    const key = `${context}:${hash(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) compiled.set(key, (serializer = compile(route)));
    return serializer as ReturnType<typeof compile>;
  };
};
