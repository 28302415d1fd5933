/**
 * `npm run soak`: the history checker (scripts/history/) for a given time: concurrent clients play a
 * random mix of operations on two server processes sharing a fresh database (DATABASE_URL's server,
 * else a temporary embedded PostgreSQL), optionally SIGKILLing one process every few seconds; then
 * every game is read back and the history checked.
 *
 *   --seconds N     how long the clients run (default 60)
 *   --kill          SIGKILL one process every --kill-every seconds (default 8) and restart it
 *   --clients N     concurrent clients, one account each (default 12)
 *   --games N       games running at once (default 8)
 *   --think-ms N    each client's pause between steps (default 0)
 *   --seed N        repeat a run's choices (timing still differs)
 *   --log FILE      the server processes' output (default /dev/null)
 *   --history FILE  write every request and answer, the games as read back and the anomalies (JSON)
 *
 * Prints progress every 10 s, then operations by kind (acknowledged / refused / unanswered),
 * events by kind in the games' logs, anomalies by kind (each with its game and requests), and
 * throughput. Exit code 1 on any anomaly.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { countByKind } from './history/checker.js';
import { runHistoryCheck } from './history/workload.js';
import { summarize } from './history/summary.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' }, kill: { type: 'boolean', default: false }, 'kill-every': { type: 'string', default: '8' },
    clients: { type: 'string', default: '12' }, games: { type: 'string', default: '8' }, 'think-ms': { type: 'string', default: '0' },
    seed: { type: 'string' }, log: { type: 'string' }, history: { type: 'string' },
  },
});
const positive = (name: keyof typeof args, min = 1) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}, got "${args[name]}"`);
  return value;
};
const started = Date.now();
const say = (line: string) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);

const result = await runHistoryCheck({
  seconds: positive('seconds'), killEverySeconds: args.kill ? positive('kill-every') : null,
  clients: positive('clients'), liveGames: positive('games'), thinkMs: positive('think-ms', 0),
  seed: args.seed === undefined ? undefined : positive('seed', 0), say, logFile: args.log,
});
console.log(summarize(result));
if (args.history) {
  writeFileSync(args.history, JSON.stringify({ operations: result.operations, games: result.games, anomalies: result.anomalies }));
  console.log(`history written to ${args.history}`);
}
process.exitCode = countByKind(result.anomalies).size > 0 ? 1 : 0;
