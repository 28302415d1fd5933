/**
 * Password guessing, measured: BENCH_CLIENTS concurrent clients (default 4) send wrong-password
 * logins for one account over HTTP for BENCH_SECONDS (default 10), first with rate limits off (as
 * before them), then with the defaults. Prints the attempts the server checked per second (answered
 * 401 INVALID_CREDENTIALS) and those refused with 429 RATE_LIMITED.
 *
 *   npm run bench:login          (needs DATABASE_URL, or starts an embedded PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { withBenchDatabase } from './bench-database.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = { JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', WORKERS: 'false' };

await withBenchDatabase('bench-login', async (databaseUrl) => {
  for (const [label, env] of [['rate limits off (before)', { ...base, RATE_LIMITS: 'false' }], ['default limits (after)', base]] as const) {
    const config = loadConfig(env);
    const app = await buildApp({ config, databaseUrl, workers: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/auth/login`;
    const username = `victim_${randomBytes(3).toString('hex')}`;
    await app.inject({ method: 'POST', url: '/v1/auth/register', payload: { username, password: 'the real password' } });
    const counts: Record<number, number> = {};
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: `guess ${client} ${i}` }) });
        await response.arrayBuffer();
        counts[response.status] = (counts[response.status] ?? 0) + 1;
      }
    }));
    const checked = counts[401] ?? 0;
    const limited = counts[429] ?? 0;
    console.log(`${label}: ${CLIENTS} clients for ${SECONDS} s: ${checked} guesses checked (${(checked / SECONDS).toFixed(1)}/s), ${limited} refused 429 (${(limited / SECONDS).toFixed(1)}/s); statuses ${JSON.stringify(counts)}; limits per IP ${JSON.stringify(config.rateLimits.perIp.login)}, per account ${JSON.stringify(config.rateLimits.perAccount.login)}`);
    await app.close();
  }
});
