/**
 * Rewrites src/graphql/schema.graphql as graphql-js prints it (the form the served schema is
 * compared with, test/api/graphql-schema.test.ts), then writes examples/graphql/generated.ts: what graphql-codegen (typescript-operations and
 * typed-document-node) generates from the checked-in SDL (src/graphql/schema.graphql) for the
 * example client's operations (examples/graphql/operations.graphql). `npm run graphql:codegen`
 * after changing either; test/api/graphql-client.test.ts fails while the file is stale, and `tsc`
 * (npm test's first step) type-checks examples/graphql/client.ts against it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { buildSchema, GraphQLScalarType, printSchema } from 'graphql';

const root = join(import.meta.dirname, '..');
const SDL_PATH = join(root, 'src', 'graphql', 'schema.graphql');
export const GRAPHQL_TYPES_PATH = join(root, 'examples', 'graphql', 'generated.ts');

/**
 * Scalars that name an OpenAPI component (`@specifiedBy(url: "…#/components/schemas/UrbanizationView")`)
 * are typed by what openapi-typescript generates for that component: one published JSON Schema, one
 * TypeScript type for REST and GraphQL clients alike.
 */
export function componentScalars(sdl: string, openapiTypes: string): Record<string, string> {
  const scalars: Record<string, string> = {};
  for (const type of Object.values(buildSchema(sdl).getTypeMap())) {
    const component = type instanceof GraphQLScalarType ? /#\/components\/schemas\/(\w+)$/.exec(type.specifiedByURL ?? '')?.[1] : undefined;
    if (component) scalars[type.name] = `import('${openapiTypes}').components['schemas']['${component}']`;
  }
  return scalars;
}

/** graphql-codegen's configuration for the example client's operations, written to `output`. */
export const codegenConfig = (output = GRAPHQL_TYPES_PATH, documents = join(root, 'examples', 'graphql', 'operations.graphql'), openapiTypes = '../../openapi/openapi.js'): CodegenConfig => ({
  schema: SDL_PATH,
  documents,
  silent: true,
  generates: {
    [output]: {
      // typescript-operations (v6) writes the enums and input types the operations use itself: the
      // whole-schema `typescript` plugin beside it would declare them twice.
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        // What the scalars are on the wire: timestamps and dates are strings; JSON is typed per game
        // by the game type's JSON Schemas (GameType.viewSchema, actionSchema), unknown here; a JSON
        // Schema is an object (what validators such as Ajv take).
        scalars: { DateTime: 'string', Date: 'string', JSON: 'unknown', JSONSchema: '{ [key: string]: unknown }', ...componentScalars(readFileSync(SDL_PATH, 'utf8'), openapiTypes) },
        strictScalars: true,
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
});

/** What graphql-codegen generates now. */
export async function graphqlClientTypes(config = codegenConfig()): Promise<string> {
  const [output] = (await generate(config, false)) as { filename: string; content: string }[];
  return output!.content;
}

/** The SDL as printSchema prints it: descriptions as block strings, one canonical layout. */
export const printedSdl = (source: string) => `${printSchema(buildSchema(source))}\n`;

if (process.argv[1] === import.meta.filename) {
  writeFileSync(SDL_PATH, printedSdl(readFileSync(SDL_PATH, 'utf8')));
  writeFileSync(GRAPHQL_TYPES_PATH, await graphqlClientTypes());
  console.log(`wrote ${GRAPHQL_TYPES_PATH}`);
}
