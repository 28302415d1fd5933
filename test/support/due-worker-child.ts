import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { toyGame } from './toy-game.js';

/**
 * A worker process on the toy game: `node --import tsx test/support/due-worker-child.ts <databaseUrl> [--hold]`
 * (the crash test, scripts/bench-deadlines.ts). Settings come from the environment (DUE_CONCURRENCY…).
 * With --hold it keeps every item it claims (its transaction open, the step done but not committed)
 * while it prints `holding <gameId> <kind>`: the crash test then SIGKILLs it.
 */
const databaseUrl = process.argv[2]!;
const hold = process.argv.includes('--hold');
const config = loadConfig({ ...process.env, JWT_SECRET: 'a-worker-process-secret-of-enough-length!!', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
const app = await buildApp({
  config,
  databaseUrl,
  catalog: { toy: toyGame },
  workers: true,
  beforeDueCommit: hold
    ? async (game, kind) => {
        console.log(`holding ${game.id} ${kind}`);
        await new Promise((resolve) => setTimeout(resolve, 600_000));
      }
    : undefined,
});
const stop = () => void app.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.ready();
await app.startWorkers();
console.log('worker ready');
