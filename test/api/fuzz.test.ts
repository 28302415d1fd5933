import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, type GraphQLField, type GraphQLInputType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { SCHEMA_PATH } from '../../src/graphql/index.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { contractChecker } from '../support/contract.js';
import { toyGame } from '../support/toy-game.js';

/**
 * A seeded, bounded property test over every REST route (from openapi/openapi.json) and every
 * GraphQL query and mutation (from the SDL), with and without credentials: each request is made of
 * valid values mixed with hostile ones (huge and odd numbers, NUL characters, long strings, deep
 * JSON, wrong types, unknown fields, ids of real and unknown games). For every answer:
 *   - no status ≥ 500 and no INTERNAL_ERROR code;
 *   - REST errors are application/problem+json with a `code`; GraphQL errors carry `extensions.code`;
 *   - every REST answer, success or refusal, conforms to openapi/openapi.json: its status is
 *     documented for the operation, its media type is the documented one and its body validates
 *     against the documented schema (test/support/contract.ts);
 *   - a refused request (4xx, or a GraphQL answer with errors and no data) changed nothing: a
 *     fingerprint of the database (row counts, versions, last update) is the same after it.
 * FUZZ_RUNS sets the number of requests (default 400, about 15 s), FUZZ_SEED the seed. The figures
 * are printed. Generators are written here rather than taken from a JSON-Schema-to-fast-check
 * package because the point is the hostile mix around the schema, which no such package makes.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema: Schema }[];
  body: Schema | null;
}

const openapi = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
const restOperations: Operation[] = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content['application/json']?.schema ?? null,
  })),
);

let t: TestApp;
const ids = { game: '', openGame: '', finishedGame: '' };
const auth: Record<string, string | undefined> = { none: undefined };

/** Values no schema expects: each one has broken something somewhere once. */
const hostileScalar = fc.constantFrom<unknown>(
  '', ' ', 'a\u0000b', '\u0000', 'x'.repeat(300), 'é😀\u202e', '../../etc/passwd', "' OR 1=1 --", '%00', '1e+308', '99999999999', '-1', 'NaN', 'null', 'true', '[]', '{}',
  0, -1, 1.5, 2147483648, 99999999999, 1e308, -1e308, Number.MAX_SAFE_INTEGER, true, false, null,
);
const hostileDeep = fc.integer({ min: 20, max: 60 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);
const hostileJson = fc.oneof(hostileScalar, hostileDeep, fc.jsonValue({ maxDepth: 3 }), fc.array(hostileScalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }));
const anyId = () => fc.constantFrom(ids.game, ids.openGame, ids.finishedGame, randomUUID(), '00000000-0000-0000-0000-000000000000', 'not-a-uuid', 'a'.repeat(101));

function resolveRef(schema: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? openapi.components.schemas[ref.split('/').pop()!]! : schema;
}

/** Valid values for a JSON schema, each node sometimes replaced by a hostile one. */
function fromSchema(raw: Schema, name = ''): fc.Arbitrary<unknown> {
  const schema = resolveRef(raw);
  const valid = validFrom(schema, name);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileJson });
}

function validFrom(schema: Schema, name: string): fc.Arbitrary<unknown> {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, name)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: Number(schema.minimum ?? -5), max: Math.min(Number(schema.maximum ?? 1000), 1_000_000) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema((schema.items as Schema) ?? {}, name), { maxLength: Math.min(Number(schema.maxItems ?? 3), 4) });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = fromSchema(property, key);
      const base = fc.record(record, { requiredKeys: [...required].filter((key) => key in record) });
      // Sometimes an unknown field too.
      return fc.tuple(base, fc.option(fc.tuple(fc.string({ maxLength: 6 }), hostileScalar), { freq: 5 })).map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    }
    case 'string':
      if (schema.format === 'uuid' || name === 'id' || name === 'gameId') return anyId();
      if (name === 'type') return fc.constantFrom('toy', ...Object.keys(games), 'chess');
      if (name === 'username') return fc.constantFrom('alice_fuzz', 'bob_fuzz', 'ALICE_FUZZ', 'nobody', 'ab');
      if (name === 'url') return fc.constantFrom('https://example.com/hook', 'http://127.0.0.1/x', 'ftp://x', 'not a url', 'http://[::1]/');
      return fc.string({ maxLength: Math.min(Number(schema.maxLength ?? 40), 60) });
    default:
      return hostileJson;
  }
}

interface Request {
  kind: 'rest' | 'graphql';
  method: string;
  url: string;
  body?: unknown;
  raw?: string;
  headers: Record<string, string>;
}

function credentials(forbidStream: boolean): fc.Arbitrary<Record<string, string>> {
  const names = forbidStream ? ['none', 'garbage'] : ['none', 'garbage', 'alice', 'bob', 'admin'];
  return fc.constantFrom(...names).map((name): Record<string, string> => {
    if (name === 'garbage') return { authorization: 'Bearer not.a.token' };
    const token = auth[name];
    return token ? { authorization: `Bearer ${token}` } : {};
  });
}

function restRequest(operation: Operation): fc.Arbitrary<Request> {
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue;
    params[`${parameter.in}:${parameter.name}`] = fromSchema(parameter.schema, parameter.name);
  }
  const optional = operation.parameters.filter((parameter) => parameter.in === 'query' && !parameter.required).map((parameter) => `query:${parameter.name}`);
  const requiredKeys = Object.keys(params).filter((key) => !optional.includes(key));
  // The SSE streams (the account's, a game's chat) stay open for a signed-in caller, and a public game's
  // chat stream for anyone: only their refusals are fuzzed (no credentials, and never a real game).
  const stream = operation.path === '/v1/me/events' || operation.path === '/v1/games/{id}/chat/events';
  return fc
    .record({
      params: fc.record(params, { requiredKeys }),
      body: operation.body ? fc.oneof({ weight: 6, arbitrary: fromSchema(operation.body) }, { weight: 1, arbitrary: hostileJson }) : fc.option(hostileJson, { freq: 6 }),
      raw: fc.option(fc.constantFrom('{', '{"a":', 'null', '"text"', `{"action":${'['.repeat(3000)}${']'.repeat(3000)}}`), { freq: 12 }),
      headers: credentials(stream),
      idempotencyKey: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('k'.repeat(250))), { freq: 3 }),
    })
    .map(({ params: values, body, raw, headers, idempotencyKey }) => {
      let path = operation.path;
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) {
        const [where, name] = key.split(':') as [string, string];
        let text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
        if (stream && Object.values(ids).includes(text)) text = randomUUID();
        if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(text) || 'x');
        else query.append(name, text);
      }
      const url = query.size > 0 ? `${path}?${query}` : path;
      const extra: Record<string, string> = idempotencyKey !== null && operation.method === 'POST' ? { 'idempotency-key': idempotencyKey.replace(/[^\x20-\x7e]/g, '') || 'k' } : {};
      return { kind: 'rest' as const, method: operation.method, url, body: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : body, raw: raw ?? undefined, headers: { ...headers, ...extra } };
    });
}

// GraphQL: every query and mutation field, its arguments as typed variables, a selection of its scalar fields.
const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));

function graphqlValue(type: GraphQLInputType, name: string): fc.Arbitrary<unknown> {
  const valid = (): fc.Arbitrary<unknown> => {
    if (isNonNullType(type)) return graphqlValue(type.ofType, name);
    if (isListType(type)) return fc.array(graphqlValue(type.ofType as GraphQLInputType, name), { maxLength: 3 });
    if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
    if (isInputObjectType(type)) {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const field of Object.values(type.getFields())) record[field.name] = graphqlValue(field.type, field.name);
      return fc.record(record, { requiredKeys: Object.values(type.getFields()).filter((field) => isNonNullType(field.type)).map((field) => field.name) });
    }
    switch (getNamedType(type).name) {
      case 'ID': return name.toLowerCase().includes('game') || name === 'id' ? anyId() : fc.oneof(anyId(), fc.string({ maxLength: 20 }));
      case 'Int': return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(2147483647, -2147483648, 1_000_001));
      case 'Boolean': return fc.boolean();
      case 'JSON': return fc.oneof(fc.constant({ type: 'pass' }), fc.constant({ type: 'play', card: 3 }), fc.constant({ rounds: 2 }), hostileJson);
      default: return validFrom({ type: 'string' }, name);
    }
  };
  return fc.oneof({ weight: 4, arbitrary: valid() }, { weight: 1, arbitrary: hostileJson });
}

function selection(type: GraphQLObjectType, depth: number): string {
  const fields = Object.values(type.getFields()).filter((field: GraphQLField<unknown, unknown>) => field.args.every((arg) => !isNonNullType(arg.type)));
  const parts = fields.flatMap((field) => {
    const named = getNamedType(field.type);
    if (isScalarType(named) || isEnumType(named)) return [field.name];
    if (isObjectType(named) && depth > 0) return [`${field.name} { ${selection(named, depth - 1)} }`];
    return [];
  });
  return parts.length > 0 ? parts.join(' ') : '__typename';
}

const graphqlOperations = (['Query', 'Mutation'] as const).flatMap((root) => {
  const rootType = root === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(rootType.getFields()).map((field) => ({ root, field }));
});

function graphqlRequest({ root, field }: (typeof graphqlOperations)[number]): fc.Arbitrary<Request> {
  const variables: Record<string, fc.Arbitrary<unknown>> = {};
  for (const arg of field.args) variables[arg.name] = graphqlValue(arg.type, arg.name);
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const named = getNamedType(field.type);
  const selected = isObjectType(named) ? ` { ${selection(named, 1)} }` : '';
  const document = `${root === 'Query' ? 'query' : 'mutation'}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selected} }`;
  return fc
    .record({ variables: fc.record(variables, { requiredKeys: field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name) }), headers: credentials(false), viaGet: fc.boolean() })
    .map(({ variables: values, headers, viaGet }) =>
      viaGet
        ? { kind: 'graphql' as const, method: 'GET', url: `/graphql?${new URLSearchParams({ query: document, variables: JSON.stringify(values) })}`, headers }
        : { kind: 'graphql' as const, method: 'POST', url: '/graphql', body: { query: document, variables: values }, headers },
    );
}

/** Envelopes that are not GraphQL requests at all. */
const graphqlEnvelope: fc.Arbitrary<Request> = fc
  .oneof(
    fc.constantFrom<unknown>({ query: 1 }, { query: null }, { query: [] }, { query: { kind: 'Document', definitions: [] } }, { query: '{ me { id } }', variables: 'x' }, { query: '{ me { id } }', operationName: 7 }, {}),
    fc.integer({ min: 50, max: 4000 }).map((depth) => ({ query: `{ me ${'{ me '.repeat(depth)}${'}'.repeat(depth + 1)}` })),
    fc.integer({ min: 50, max: 900 }).map((count) => ({ query: `{ ${Array.from({ length: count }, (_, i) => `a${i}: lobby(first: 100) { edges { node { id } } }`).join(' ')} }` })),
    fc.string({ maxLength: 200 }).map((query) => ({ query })),
    fc.constant({ query: JSON.stringify({ kind: 'Document', definitions: [{ kind: 'OperationDefinition', operation: 'query' }] }) }),
  )
  .chain((body) => credentials(false).map((headers) => ({ kind: 'graphql' as const, method: 'POST', url: '/graphql', body, headers })));

async function fingerprint(): Promise<string> {
  const { rows } = await t.sql.query(`SELECT concat_ws('|',
    (SELECT count(*) FROM users), (SELECT count(*) FROM games), (SELECT coalesce(sum(version), 0) FROM games), (SELECT coalesce(max(updated_at)::text, '') FROM games),
    (SELECT count(*) FROM game_events), (SELECT count(user_id) + count(bot) + count(reserved_for_id) FROM seats), (SELECT count(*) FROM webhooks),
    (SELECT count(*) FROM api_tokens), (SELECT count(*) FROM api_tokens WHERE revoked_at IS NOT NULL), (SELECT count(*) FROM idempotency_keys), (SELECT count(*) FROM undo_requests),
    (SELECT coalesce(sum(token_generation), 0) FROM users), (SELECT count(*) FROM users WHERE deleted_at IS NOT NULL), (SELECT md5(string_agg(password_hash, '' ORDER BY id)) FROM users),
    (SELECT count(*) FROM password_resets), (SELECT count(*) FROM retired_usernames)) AS f`);
  return rows[0].f as string;
}

const figures = { requests: 0, rest: 0, graphql: 0, fiveHundreds: 0, nonProblem: 0, nonConforming: 0, stateChanges: 0, refused: 0, byStatus: {} as Record<number, number> };
const contract = contractChecker({ unpublishedGameTypes: ['toy'] });
const failures: string[] = [];

async function send(request: Request) {
  const call = t.http[request.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](request.url).set(request.headers);
  if (request.raw !== undefined) return call.set('Content-Type', 'application/json').send(request.raw);
  if (request.body !== undefined && request.body !== null) return call.set('Content-Type', 'application/json').send(JSON.stringify(request.body));
  return call;
}

async function check(request: Request) {
  const before = await fingerprint();
  const response = await send(request);
  const after = await fingerprint();
  figures.requests++;
  figures[request.kind]++;
  figures.byStatus[response.status] = (figures.byStatus[response.status] ?? 0) + 1;
  const describe = `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.body ?? request.raw ?? '').slice(0, 300)} → ${response.status} ${response.text.slice(0, 300)}`;
  const fail = (what: string) => failures.length < 20 && failures.push(`${what}: ${describe}`);
  const type = String(response.headers['content-type'] ?? '');
  let refused = response.status >= 400;
  if (response.status >= 500) {
    figures.fiveHundreds++;
    fail('5xx');
  }
  if (request.kind === 'rest' && response.status >= 400 && !(type.startsWith('application/problem+json') && typeof response.body?.code === 'string')) {
    figures.nonProblem++;
    fail('not problem+json');
  }
  if (request.kind === 'rest') {
    const bodyless = response.status === 204 || response.status === 304;
    const answer = new Response(bodyless ? null : response.text, { status: response.status, headers: type ? { 'content-type': type } : {} });
    await contract.check(request.method, `http://fuzz${request.url}`, answer).catch((error: Error) => {
      figures.nonConforming++;
      fail(`not as documented (${error.message.slice(0, 300)})`);
    });
  }
  if (request.kind === 'graphql') {
    const errors = response.body?.errors as { extensions?: { code?: string } }[] | undefined;
    if (!type.startsWith('application/json') || (response.status >= 400 && !errors)) {
      figures.nonProblem++;
      fail('not a GraphQL answer');
    }
    if (errors?.some((error) => typeof error.extensions?.code !== 'string')) {
      figures.nonProblem++;
      fail('GraphQL error without extensions.code');
    }
    if (errors?.some((error) => error.extensions?.code === 'INTERNAL_ERROR')) {
      figures.fiveHundreds++;
      fail('INTERNAL_ERROR');
    }
    // A refused operation: errors and no data at all (a mutation's partial data means some of it ran).
    refused = !!errors && errors.length > 0 && (response.body.data === null || response.body.data === undefined);
  }
  if (refused) {
    figures.refused++;
    if (before !== after) {
      figures.stateChanges++;
      fail(`state changed (${before} → ${after})`);
    }
  }
}

beforeAll(async () => {
  // Workers off: nothing may change the database but the requests themselves.
  t = await startTestApp({ catalog: { ...games, toy: toyGame }, workers: false });
  const alice = await newUser(t, 'alice_fuzz');
  const bob = await newUser(t, 'bob_fuzz');
  auth.alice = alice.token;
  auth.bob = bob.token;
  auth.admin = (await loginAdmin(t)).Authorization.slice('Bearer '.length);
  const started = await startedToyGame(t, { rounds: 20 });
  ids.game = started.gameId;
  ids.openGame = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201)).body.id;
  const finished = await startedToyGame(t, { rounds: 1 });
  for (const player of [finished.alice, finished.bob]) {
    const { body } = await t.http.get(`/v1/games/${finished.gameId}`).set(player.auth);
    if (body.status === 'active') await t.http.post(`/v1/games/${finished.gameId}/actions`).set(body.activeSeats[0] === 0 ? finished.alice.auth : finished.bob.auth).send({ action: { type: 'pass' } });
  }
  ids.finishedGame = finished.gameId;
});
afterAll(async () => t?.close());

describe(`fuzzing every route and operation (${RUNS} requests, seed ${SEED})`, () => {
  it('never answers 5xx, always with a problem or a GraphQL error code, answers REST as documented, and refused requests change nothing', { timeout: 600_000 + RUNS * 200 }, async () => {
    const request = fc.oneof(
      { weight: 10, arbitrary: fc.oneof(...restOperations.map(restRequest)) },
      { weight: 7, arbitrary: fc.oneof(...graphqlOperations.map(graphqlRequest)) },
      { weight: 1, arbitrary: graphqlEnvelope },
    );
    await fc.assert(fc.asyncProperty(request, async (generated) => void (await check(generated))), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    console.log(`[fuzz] ${JSON.stringify(figures)}`);
    expect(figures.requests).toBeGreaterThanOrEqual(RUNS);
    expect(failures).toEqual([]);
    expect({ fiveHundreds: figures.fiveHundreds, nonProblem: figures.nonProblem, nonConforming: figures.nonConforming, stateChanges: figures.stateChanges }).toEqual({ fiveHundreds: 0, nonProblem: 0, nonConforming: 0, stateChanges: 0 });
    expect(contract.checked).toBe(figures.rest);
  });
});
