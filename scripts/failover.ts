/**
 * `npm run failover`: the failover drill (scripts/failover/drill.ts, docs/operations.md). Starts a
 * pg_auto_failover monitor and two nodes on this machine (ports --port..--port+2, a new folder
 * under --dir), two service processes on the cluster's multi-host URL and the history-checking
 * load of `npm run soak`; loses the primary --failovers times (the kinds in turn: SIGKILL of its
 * postgres, SIGKILL of its whole node), waits for the promotion, lets the old primary rejoin, and
 * goes on. Prints per failover the seconds to promotion and without writes, the 503s, the
 * acknowledged writes lost (must be 0) and the history checker's anomalies (must be 0); then every
 * game verified. Exit code 1 on any loss, anomaly or 5xx other than 503.
 *
 *   --failovers N   failovers in all (default 4)
 *   --kinds LIST    postgres,node (default both, in turn)
 *   --settle N      seconds of load before the first failover and after each rejoin (default 10)
 *   --clients N     --games N --think-ms N --seed N --log FILE: as `npm run soak`
 *   --port N        the monitor's port (default 5721; the nodes take the next two)
 *   --dir DIR       where the cluster's folder goes (default /var/lib/bgs-failover, else the temp dir)
 *   --keep          keep the cluster's folder (logs, pgBackRest repository) afterwards
 *
 * Needs the Debian packages postgresql-15-auto-failover, pg-auto-failover-cli and pgbackrest.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { failoverTable, runFailoverDrill, type FailoverKind } from './failover/drill.js';
import { summarize } from './history/summary.js';

const { values: args } = parseArgs({
  options: {
    failovers: { type: 'string', default: '4' }, kinds: { type: 'string', default: 'postgres,node' }, settle: { type: 'string', default: '10' },
    clients: { type: 'string', default: '8' }, games: { type: 'string', default: '6' }, 'think-ms': { type: 'string', default: '50' },
    seed: { type: 'string' }, log: { type: 'string' }, port: { type: 'string', default: '5721' }, dir: { type: 'string' }, keep: { type: 'boolean', default: false },
  },
});
const integer = (name: keyof typeof args, min = 1) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}, got "${args[name]}"`);
  return value;
};
const kinds = String(args.kinds).split(',').map((kind) => kind.trim());
for (const kind of kinds) if (kind !== 'postgres' && kind !== 'node') throw new Error(`--kinds takes postgres and node, got "${kind}"`);
const parentDir = args.dir ?? (process.getuid?.() === 0 ? '/var/lib/bgs-failover' : tmpdir());
if (!existsSync(parentDir)) mkdirSync(parentDir, { recursive: true, mode: 0o755 });
const started = Date.now();
const say = (line: string) => console.log(`[failover ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);

const result = await runFailoverDrill({
  kinds: kinds as FailoverKind[], failovers: integer('failovers'), settleSeconds: integer('settle', 0),
  clients: integer('clients'), liveGames: integer('games'), thinkMs: integer('think-ms', 0),
  seed: args.seed === undefined ? undefined : integer('seed', 0), logFile: args.log, basePort: integer('port'), parentDir, say, keep: args.keep,
});
console.log(summarize(result.run));
console.log(`\n${failoverTable(result)}`);
const bad = result.run.anomalies.length + result.figures.reduce((sum, figure) => sum + figure.serverErrors + figure.acknowledgedLost, 0) + (result.gamesChecked - result.gamesVerified);
process.exitCode = bad > 0 ? 1 : 0;
