import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { createRequire } from 'node:module';
import type { GraphQLField, GraphQLInputType, GraphQLObjectType } from 'graphql';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_ACCESS, OPERATION_ACCESS } from '../../src/auth/scopes.js';
import { loginAdmin, newUser, startTestApp, type TestApp } from '../support/api.js';

/**
 * Generated from the documents: every operation of the OpenAPI document and every root field of
 * the GraphQL schema is called with no token, with a player's and an admin's login token, and with
 * an admin's API token of each single scope, and must answer exactly what its `security` (REST) or
 * its entry in auth/scopes.ts (GraphQL) says: 401 UNAUTHENTICATED, 403 ADMIN_ONLY, 403
 * INSUFFICIENT_SCOPE, or anything else (let in: it may still be 400 or 404 for the made-up input).
 */
type Outcome = 'let in' | 'UNAUTHENTICATED' | 'INSUFFICIENT_SCOPE' | 'ADMIN_ONLY';
interface Credential { name: string; token: string | null; scopes: string[]; admin: boolean; userId: string | null }

let t: TestApp;
let base: string;
const credentials: Credential[] = [];

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const player = await newUser(t, 'player');
  playerName = player.username;
  const adminAuth = await loginAdmin(t);
  const adminToken = adminAuth.Authorization.slice('Bearer '.length);
  const adminId = (await t.http.get('/v1/me').set(adminAuth).expect(200)).body.id as string;
  credentials.push({ name: 'no token', token: null, scopes: [], admin: false, userId: null });
  credentials.push({ name: 'player login', token: player.token, scopes: ['read', 'play', 'account'], admin: false, userId: player.id });
  credentials.push({ name: 'admin login', token: adminToken, scopes: ['read', 'play', 'account', 'admin'], admin: true, userId: adminId });
  for (const scope of ['read', 'play', 'account', 'admin']) {
    const created = await t.http.post('/v1/me/tokens').set(adminAuth).send({ name: `only ${scope}`, scopes: [scope] }).expect(201);
    credentials.push({ name: `API token [${scope}]`, token: created.body.token, scopes: [scope], admin: true, userId: adminId });
  }
});
afterAll(async () => t?.close());

let playerName = '';
/**
 * "Log out everywhere" (called like every other operation) ends every login token of the account
 * that called it: the login credentials log in again after it, as a person would. API tokens stay.
 */
async function loginAgainAfter(operation: string): Promise<void> {
  if (operation !== 'logoutEverywhere') return;
  for (const credential of credentials) {
    if (credential.name === 'player login') credential.token = (await t.http.post('/v1/auth/login').send({ username: playerName, password: 'correct horse battery' }).expect(200)).body.token;
    if (credential.name === 'admin login') credential.token = (await loginAdmin(t)).Authorization.slice('Bearer '.length);
  }
}

/** What the access rules say a credential gets. */
function expected(requirement: { scope: string | null; optional: boolean }, credential: Credential): Outcome {
  if (requirement.scope === null) return 'let in';
  if (credential.token === null) return requirement.optional ? 'let in' : 'UNAUTHENTICATED';
  if (requirement.scope === 'admin' && !credential.admin) return 'ADMIN_ONLY';
  return credential.scopes.includes(requirement.scope) ? 'let in' : 'INSUFFICIENT_SCOPE';
}

const outcomeOf = (status: number, code: unknown): Outcome => {
  if (status === 401 && code === 'UNAUTHENTICATED') return 'UNAUTHENTICATED';
  if (status === 403 && (code === 'INSUFFICIENT_SCOPE' || code === 'ADMIN_ONLY')) return code;
  if (status === 401) throw new Error(`unexpected 401 ${String(code)}`);
  return 'let in';
};

describe('REST: every operation of the OpenAPI document', () => {
  it('answers each credential as its security says, and the table is what the document shows', async () => {
    const document = (await t.http.get('/docs/json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string; security?: Record<string, string[]>[]; parameters?: { in: string; name: string; schema?: { type?: string; format?: string } }[] }>>;
    };
    const seen: string[] = [];
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        seen.push(operation.operationId);
        const security = operation.security;
        expect(security, `${operation.operationId} documents its security`).toBeDefined();
        const bearer = security!.find((requirement) => 'bearerAuth' in requirement)?.bearerAuth;
        expect(bearer?.length ?? 0, `${operation.operationId} names at most one scope`).toBeLessThanOrEqual(1);
        const requirement = { scope: bearer?.[0] ?? null, optional: security!.some((requirement) => Object.keys(requirement).length === 0) };
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const schema = operation.parameters?.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
          return schema?.type === 'integer' ? '1' : schema?.format === 'uuid' ? randomUUID() : name === 'type' ? 'toy' : 'nobody';
        });
        for (const credential of credentials) {
          const controller = new AbortController();
          const response = await fetch(`${base}${url}`, {
            method: method.toUpperCase(),
            headers: { ...(credential.token ? { authorization: `Bearer ${credential.token}` } : {}), ...(method === 'get' || method === 'delete' ? {} : { 'content-type': 'application/json' }) },
            body: method === 'get' || method === 'delete' ? undefined : '{}',
            signal: controller.signal,
          });
          // An event stream that was let in stays open: its status is the answer.
          const code = response.headers.get('content-type')?.includes('problem+json') ? ((await response.json()) as { code?: string }).code : undefined;
          controller.abort();
          const got = outcomeOf(response.status, code);
          const want = expected(requirement, credential);
          if (got !== want) failures.push(`${method.toUpperCase()} ${path} (${operation.operationId}) with ${credential.name}: ${got} (${response.status} ${code}), documented ${want}`);
          await loginAgainAfter(operation.operationId);
        }
      }
    }
    expect(failures).toEqual([]);
    // The table and the document list the same operations.
    expect(seen.sort()).toEqual(Object.keys(OPERATION_ACCESS).sort());
  });
});

// graphql-js as Mercurius loads it (CommonJS): the served schema's classes (see graphql/guard.ts).
const { getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** A literal of an input type, made up but valid for the schema (its required fields only). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType as GraphQLInputType);
  if (isListType(type)) return `[${literal(type.ofType as GraphQLInputType)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')} }`;
  }
  switch (type.name) {
    case 'Int': return '1';
    case 'Float': return '1.5';
    case 'Boolean': return 'false';
    case 'ID': return JSON.stringify(randomUUID());
    case 'String': return '"x"';
    case 'DateTime': return '"2026-01-01T00:00:00Z"';
    case 'Date': return '"2026-01-01"';
    default: return '{}'; // JSON-like scalars
  }
}

/** `field(requiredArg: …) { __typename }` for one root field. */
function selection(field: GraphQLField<unknown, unknown>, overrides: Record<string, string> = {}): string {
  const args = field.args.filter((arg) => (isNonNullType(arg.type) && arg.defaultValue === undefined) || overrides[arg.name]);
  const argText = args.length === 0 ? '' : `(${args.map((arg) => `${arg.name}: ${overrides[arg.name] ?? literal(arg.type)}`).join(', ')})`;
  return `${field.name}${argText}${isLeafType(getNamedType(field.type)) ? '' : ' { __typename }'}`;
}

describe('GraphQL: every root field of the schema', () => {
  const fieldsOf = (root: 'Query' | 'Mutation' | 'Subscription') => Object.values((t.app.graphql.schema.getType(root) as GraphQLObjectType).getFields());
  const requirementOf = (root: 'Query' | 'Mutation' | 'Subscription', name: string) => {
    const access = GRAPHQL_ACCESS[root][name];
    expect(access, `${root}.${name} has an entry`).toBeDefined();
    return { scope: access!.kind === 'public' ? null : access!.scope, optional: access!.kind !== 'signed-in' };
  };

  it('queries and mutations answer each credential as the table says', async () => {
    const failures: string[] = [];
    for (const root of ['Query', 'Mutation'] as const) {
      for (const field of fieldsOf(root)) {
        const query = `${root === 'Mutation' ? 'mutation ' : ''}{ ${selection(field)} }`;
        for (const credential of credentials) {
          const response = await t.http.post('/graphql').set(credential.token ? { authorization: `Bearer ${credential.token}` } : {}).send({ query });
          const errors = (response.body.errors ?? []) as { extensions: { code: string; status: number } }[];
          expect(errors.map((error) => error.extensions.code), `${query}: a valid document`).not.toContain('GRAPHQL_VALIDATION_FAILED');
          // A credential that stopped working would read as 'let in' here: it must not happen.
          expect(errors.map((error) => error.extensions.code), `${query} with ${credential.name}`).not.toContain('INVALID_TOKEN');
          const refusal = errors.find((error) => ['UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'ADMIN_ONLY'].includes(error.extensions.code));
          const got = refusal ? outcomeOf(refusal.extensions.status, refusal.extensions.code) : 'let in';
          const want = expected(requirementOf(root, field.name), credential);
          if (got !== want) failures.push(`${root}.${field.name} with ${credential.name}: ${got}, table says ${want}`);
          await loginAgainAfter(field.name);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('subscriptions (over WebSocket) answer each credential as the table says', async () => {
    const failures: string[] = [];
    for (const field of fieldsOf('Subscription')) {
      // A cursor that is no cursor ends a subscription that was let in with its own refusal.
      const query = `subscription { ${selection(field, field.args.some((arg) => arg.name === 'after') ? { after: '"not-a-cursor"' } : {})} }`;
      for (const credential of credentials) {
        const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: credential.token ? { authorization: `Bearer ${credential.token}` } : {} });
        let poke: ReturnType<typeof setInterval> | undefined;
        const got = await new Promise<Outcome>((resolve, reject) => {
          client.subscribe({ query }, {
            next: () => resolve('let in'),
            error: (error) => {
              const code = Array.isArray(error) ? (error[0] as { extensions?: { code?: string; status?: number } }).extensions : undefined;
              if (!code) return reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
              resolve(outcomeOf(code.status ?? 0, code.code));
            },
            complete: () => resolve('let in'),
          });
          // A live subscription to the caller's own events (myTurn) shows it was let in by delivering one.
          if (credential.userId) {
            const userId = credential.userId;
            poke = setInterval(() => t.app.services.events.account(userId, { type: 'game_updated', gameId: randomUUID(), gameType: 'toy', version: 1, status: 'active', yourTurn: true, turnStarted: true, deadline: null }), 100);
          }
        }).finally(() => clearInterval(poke));
        await client.dispose();
        const want = expected(requirementOf('Subscription', field.name), credential);
        if (got !== want) failures.push(`Subscription.${field.name} with ${credential.name}: ${got}, table says ${want}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
