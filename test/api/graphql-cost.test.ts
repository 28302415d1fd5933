import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../support/api.js';

/**
 * GraphQL cost limits (defaults: GRAPHQL_MAX_TOKENS 2000, GRAPHQL_MAX_FIELDS 250, GRAPHQL_MAX_COST
 * 50000): refused with their own code before anything executes; ordinary large queries pass.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await newUser(t, 'cost')).token;
  // An open game of someone else, for the lobby.
  await t.http.post('/v1/games').set((await newUser(t, 'host')).auth).send({ type: 'toy', seats: 2 }).expect(201);
});
afterAll(async () => t?.close());

const post = (query: string, variables: Record<string, unknown> = {}) => t.http.post('/graphql').set('Authorization', `Bearer ${token}`).send({ query, variables });
const gameFields = 'id type status version seatCount private activeSeats yourSeat createdAt seats { seat username bot reservedFor resigned }';

describe('GraphQL cost limits', () => {
  it("refuses the issue's 800 aliases of lobby(first: 100) at the parser's token limit, in milliseconds", async () => {
    const query = `{ ${Array.from({ length: 800 }, (_, i) => `a${i}: lobby(first: 100) { edges { node { id } } }`).join(' ')} }`;
    const started = Date.now();
    const response = await post(query);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses more than 250 fields per operation, aliases and fragment spreads counted', async () => {
    const aliases = await post(`{ ${Array.from({ length: 251 }, (_, i) => `a${i}: me { id }`).join(' ')} }`);
    expect(aliases.status).toBe(400);
    expect(aliases.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toContain('GRAPHQL_TOO_MANY_FIELDS');
    // 10 fields in a fragment spread 24 times: 264 fields in a short document.
    const spreads = await post(`fragment F on User { id username role createdAt __typename i2: id u2: username r2: role c2: createdAt t2: __typename } { ${Array.from({ length: 24 }, (_, i) => `m${i}: me { ...F }`).join(' ')} }`);
    expect(spreads.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toContain('GRAPHQL_TOO_MANY_FIELDS');
  });

  it('computes the cost with the variables of each request, even for a document already validated', async () => {
    const query = `query($n: Int!) { games(first: $n) { edges { node { id events(first: 500) { edges { node { seq kind } } } } } } }`;
    const small = await post(query, { n: 2 });
    expect(small.body.errors).toBeUndefined();
    const large = await post(query, { n: 100 });
    expect(large.status).toBe(400);
    expect(large.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_TOO_COMPLEX', maxCost: 50_000 });
    expect(large.body.errors[0].extensions.cost).toBeGreaterThan(50_000);
  });

  it('accepts the largest ordinary page: lobby(first: 100) with every field and the view', async () => {
    const response = await post(`{ lobby(first: 100) { totalCount edges { cursor node { ${gameFields} view } } } }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.lobby.totalCount).toBeGreaterThanOrEqual(1);
  });
});
