/**
 * A server process of `npm run bench` (scripts/bench.ts forks it with an IPC channel), so its CPU
 * time is its own: `process.cpuUsage()` is answered on request.
 *   argv[2] = 'app':   the real service (buildApp, the served catalog) configured from the
 *                      environment as `npm start` would be (LOG_LEVEL info by default; the parent
 *                      points stdout, where pino writes, at a file or /dev/null);
 *   argv[2] = 'floor': the physical floor: a bare Fastify route, POST /v1/append, doing one raw
 *                      insert transaction (BEGIN; INSERT; COMMIT) per request on a `pg` pool of the
 *                      same size as the service's, with the same logger settings.
 * Once listening it sends { kind: 'ready', port }.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { requestLogging } from '../src/http/request-log.js';
import { appendRow } from './bench-append.js';

export type ServerMessage = { kind: 'ready'; port: number } | { kind: 'cpu'; usage: NodeJS.CpuUsage } | { kind: 'memory'; usage: NodeJS.MemoryUsage } | { kind: 'profiled' };
export type ServerRequest = { kind: 'cpu' } | { kind: 'memory' } | { kind: 'profile-start' } | { kind: 'profile-stop'; file: string };

const mode = process.argv[2];
const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('bench-server needs DATABASE_URL');
const databaseUrl: string = config.databaseUrl;

async function floor() {
  const app = Fastify({ logger: { level: config.logLevel }, ...requestLogging(), bodyLimit: config.bodyLimitBytes });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: config.databasePoolSize });
  app.addHook('onClose', () => pool.end());
  app.post<{ Body: { gameId: number; seq: number; payload: unknown } }>('/v1/append', async (request, reply) => {
    const { gameId, seq, payload } = request.body;
    await appendRow(pool, gameId, seq, payload);
    return reply.code(201).send({ version: seq });
  });
  return app;
}

const app = mode === 'floor' ? await floor() : await buildApp({ config, databaseUrl });
await app.listen({ port: 0, host: '127.0.0.1' });
// As `npm start` (main.ts): the service starts its background workers (if WORKERS) once it listens.
if (mode !== 'floor') await app.startWorkers();
// CPU profiles of the timed rounds only (not the start-up or the game set-up), for BENCH_PROFILE.
const inspector = new Session();
process.on('message', (message: ServerRequest) => {
  if (message.kind === 'cpu') process.send!({ kind: 'cpu', usage: process.cpuUsage() } satisfies ServerMessage);
  else if (message.kind === 'memory') process.send!({ kind: 'memory', usage: process.memoryUsage() } satisfies ServerMessage);
  else if (message.kind === 'profile-start') {
    inspector.connect();
    void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start')).then(() => process.send!({ kind: 'profiled' } satisfies ServerMessage));
  } else {
    void inspector.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(message.file, JSON.stringify(profile));
      inspector.disconnect();
      process.send!({ kind: 'profiled' } satisfies ServerMessage);
    });
  }
});
process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
process.send!({ kind: 'ready', port: (app.server.address() as { port: number }).port } satisfies ServerMessage);
