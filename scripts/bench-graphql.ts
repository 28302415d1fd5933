/**
 * GraphQL cost limits, measured: the hardening issue's 800-alias `lobby(limit: 100)` query and the
 * largest ordinary queries, against a lobby of BENCH_GAMES open games (default 120), once with the
 * limits lifted (as before them) and once with the defaults. Prints, per query: status, error code,
 * computed cost, server time and response size.
 *
 *   npm run bench:graphql          (needs DATABASE_URL, or starts an embedded PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parse } from 'graphql';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { games as catalog } from '../src/games/index.js';
import { operationCost } from '../src/graphql/cost.js';
import { withBenchDatabase } from './bench-database.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 120);
const base = { JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', RATE_LIMITS: 'false', WORKERS: 'false', OPEN_GAMES_PER_ACCOUNT: '10000' };

const gameFields = 'id type rulesVersion status options private timeControl deadline version seatCount activeSeats yourSeat result createdAt updatedAt startedAt finishedAt seats { seat username bot reservedFor resigned }';
const queries: Record<string, string> = {
  'issue: 800 aliases of lobby(first: 100)': `{ ${Array.from({ length: 800 }, (_, i) => `a${i}: lobby(first: 100) { edges { node { id type seats { username } } } }`).join(' ')} }`,
  'lobby(first: 100), every field': `{ lobby(first: 100) { totalCount edges { node { ${gameFields} } } } }`,
  'lobby(first: 100), every field and the view': `{ lobby(first: 100) { totalCount edges { node { ${gameFields} view } } } }`,
  'games(first: 100) with each one\'s events': `{ games(first: 100) { edges { node { id events { edges { node { seq kind log { message } } } } } } } }`,
  '10 aliases of lobby(first: 20)': `{ ${Array.from({ length: 10 }, (_, i) => `a${i}: lobby(first: 20) { edges { node { ${gameFields} } } }`).join(' ')} }`,
};

await withBenchDatabase('bench-gql', async (databaseUrl) => {
  for (const [label, env] of [
    ['limits lifted (before)', { ...base, GRAPHQL_MAX_TOKENS: '100000', GRAPHQL_MAX_FIELDS: '100000', GRAPHQL_MAX_COST: '10000000' }],
    ['default limits (after)', base],
  ] as const) {
    const config: Config = loadConfig(env);
    const app = await buildApp({ config, databaseUrl, catalog, workers: false });
    await app.ready();
    const call = (method: string, url: string, payload?: unknown, token?: string) =>
      app.inject({ method: method as 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const register = async (username: string) => {
      const registered = await call('POST', '/v1/auth/register', { username, password: 'bench password 1' });
      return (registered.statusCode === 201 ? registered : await call('POST', '/v1/auth/login', { username, password: 'bench password 1' })).json().token as string;
    };
    const host = await register('gql_bench_host');
    const { total } = (await call('GET', '/v1/lobby?limit=1', undefined, host)).json();
    for (let i = total; i < GAMES; i++) await call('POST', '/v1/games', { type: 'urbanization', seats: 4 }, host);
    const viewer = await register('gql_bench_viewer');
    console.log(`\n${label}: GRAPHQL_MAX_TOKENS=${config.graphqlMaxTokens} GRAPHQL_MAX_FIELDS=${config.graphqlMaxFields} GRAPHQL_MAX_COST=${config.graphqlMaxCost}, ${GAMES} open games`);
    for (const [title, query] of Object.entries(queries)) {
      const cost = operationCost(app.graphql.schema, parse(query, { maxTokens: 1e6 }), {});
      const started = performance.now();
      const response = await call('POST', '/graphql', { query }, viewer);
      const ms = performance.now() - started;
      const code = response.json().errors?.[0]?.extensions?.code ?? '-';
      console.log(`  ${title.padEnd(46)} ${(query.length / 1024).toFixed(1).padStart(6)} KB query  status ${response.statusCode}  ${String(code).padEnd(24)} cost ${String(cost).padStart(8)}  ${ms.toFixed(0).padStart(6)} ms  ${(response.payload.length / 1024).toFixed(1).padStart(9)} KB answer`);
    }
    await app.close();
  }
});
