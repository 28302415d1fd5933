/**
 * The failover drill behind `npm run failover` and test/api/failover.test.ts: a pg_auto_failover
 * cluster (cluster.ts), two service processes on its multi-host URL, and the history-checking load
 * of `npm run soak` (scripts/history/: its workload and checker, unchanged); while the clients play,
 * the primary is lost again and again (SIGKILL of its postgres, or of its whole node: keeper and
 * PostgreSQL, as when the machine dies), the monitor promotes the standby, and the old primary
 * rejoins as the new standby. Then every game is read back, verified and the history checked.
 */
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { startCluster, type Cluster } from './cluster.js';
import { countByKind, type Anomaly } from '../history/checker.js';
import type { Operation } from '../history/recorder.js';
import { runHistoryCheck, type RunResult } from '../history/workload.js';

export type FailoverKind = 'postgres' | 'node';

export interface DrillOptions {
  /** The kinds of failover, in turn (e.g. ['postgres', 'node']). */
  kinds: FailoverKind[];
  /** Failovers in all (a killed postgres restarted in place by its keeper is reported, and not counted). */
  failovers: number;
  /** Load before the first failover and after each rejoin (seconds). */
  settleSeconds: number;
  clients: number;
  liveGames: number;
  thinkMs: number;
  /** Monitor on basePort, nodes on the next two. */
  basePort: number;
  /** Where the cluster lives (a new folder under it). */
  parentDir: string;
  say: (line: string) => void;
  seed?: number;
  logFile?: string;
  keep?: boolean;
}

export interface FailoverEvent {
  kind: FailoverKind;
  from: string;
  to: string;
  /** History-clock ms: the kill, the monitor's promotion seen, the old primary back as secondary. */
  killedAt: number;
  promotedAt: number;
  rejoinedAt: number;
}

export interface FailoverFigures {
  event: FailoverEvent;
  /** From the kill to the end of the first acknowledged write sent after it. */
  secondsWithoutWrites: number;
  /** Seconds from the kill until the monitor showed the standby promoted. */
  secondsToPromotion: number;
  answered503: number;
  byCode: Map<string, number>;
  /** Writes acknowledged in this failover's window that the games' logs lack. */
  acknowledgedLost: number;
  anomalies: number;
  /** 5xx other than 503. */
  serverErrors: number;
}

export interface DrillResult {
  run: RunResult;
  events: FailoverEvent[];
  figures: FailoverFigures[];
  gamesVerified: number;
  gamesChecked: number;
  uri: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Kills restarted in place in a row before the drill gives up. On a quiet machine the keeper's restart
// often wins: 4 in a row on 2026-11-29 (each costs ~20 s, only when it happens).
const MAX_IN_PLACE = 8;
/** How long the load may go on after the last failover for a move to be acknowledged. */
const AFTER_LAST_MS = 120_000;

/**
 * The node that writes again: the standby once promoted, or the lost primary itself when its keeper
 * restarted the killed postgres before the monitor judged it unhealthy (a crash recovery in place,
 * no failover: seen once in five SIGKILLs of postgres on a loaded machine).
 */
export async function waitPromoted(cluster: Cluster, from: string, timeoutMs = 180_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  const minimum = Date.now() + 15_000; // the killed primary still reports "primary" until the monitor notices
  for (;;) {
    const states = await cluster.state().catch(() => []);
    const promoted = states.find((node) => node.name !== from && ['wait_primary', 'primary'].includes(node.reported));
    if (promoted) return promoted.name;
    if (Date.now() > minimum && states.some((node) => node.name === from && node.reported === 'primary' && node.assigned === 'primary') && states.some((node) => node.name !== from && node.reported === 'secondary')) {
      const writable = await fetchWritable(cluster, from);
      if (writable) return from;
    }
    if (Date.now() > until) throw new Error(`no standby was promoted ${timeoutMs / 1000} s after ${from} was lost`);
    await sleep(100);
  }
}

/** Whether the node's postgres answers as a writable primary again. */
async function fetchWritable(cluster: Cluster, name: string): Promise<boolean> {
  const node = cluster.nodes.find((entry) => entry.name === name)!;
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${node.port}/postgres`, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows[0]!.standby === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function figuresFor(events: FailoverEvent[], operations: readonly Operation[], anomalies: Anomaly[], end: number): FailoverFigures[] {
  return events.map((event, i) => {
    const windowEnd = events[i + 1]?.killedAt ?? end;
    const inWindow = (op: Operation) => op.start >= event.killedAt && op.start < windowEnd;
    const firstWrite = operations.filter((op) => op.kind !== 'read' && op.outcome === 'ok' && op.start >= event.killedAt).sort((a, b) => a.end - b.end)[0];
    const window = operations.filter(inWindow);
    const byCode = new Map<string, number>();
    for (const op of window.filter((entry) => entry.status === 503)) byCode.set(op.code ?? '-', (byCode.get(op.code ?? '-') ?? 0) + 1);
    // An anomaly belongs to the failover whose window holds one of its requests.
    const mine = anomalies.filter((anomaly) => anomaly.ops.some((id) => inWindow(operations[id]!)));
    return {
      event,
      secondsWithoutWrites: firstWrite ? (firstWrite.end - event.killedAt) / 1000 : Number.NaN,
      secondsToPromotion: (event.promotedAt - event.killedAt) / 1000,
      answered503: window.filter((op) => op.status === 503).length,
      byCode,
      acknowledgedLost: mine.filter((anomaly) => anomaly.kind === 'lost-write').length,
      anomalies: mine.length,
      serverErrors: window.filter((op) => op.outcome === 'error').length,
    };
  });
}

export async function runFailoverDrill(options: DrillOptions): Promise<DrillResult> {
  const { say } = options;
  const cluster = await startCluster({ dir: mkdtempSync(join(options.parentDir, 'bgs-failover-')), basePort: options.basePort, log: say, keep: options.keep });
  try {
    const uri = await cluster.showUri();
    say(`cluster up: pg_autoctl show uri → ${uri}`);
    const events: FailoverEvent[] = [];
    const run = await runHistoryCheck({
      seconds: 0, killEverySeconds: null, clients: options.clients, liveGames: options.liveGames, thinkMs: options.thinkMs,
      seed: options.seed, say, logFile: options.logFile, serverUrl: cluster.urlFor('postgres'),
      // A connection attempt to a machine that is gone fails at once here (same host: refused), as the probe's 3 s at most elsewhere.
      drive: async (history) => {
        // A killed postgres that its keeper restarts before it has told the monitor it was down is
        // no failover (pg_auto_failover's normal outcome, seen on a lightly loaded machine): it is
        // recorded and reported, and the same kind is tried again, up to MAX_IN_PLACE times in a row.
        let inPlaceInARow = 0;
        for (let i = 0; i < options.failovers; ) {
          await sleep(options.settleSeconds * 1000);
          const primary = await cluster.waitHealthy();
          const kind = options.kinds[i % options.kinds.length]!;
          const killedAt = history.now();
          if (kind === 'postgres') primary.killPostgres();
          else await primary.killNode();
          say(`failover ${i + 1}/${options.failovers}: ${kind === 'postgres' ? `SIGKILL ${primary.name}'s postmaster` : `SIGKILL ${primary.name}'s whole node (pg_autoctl and PostgreSQL)`}`);
          const to = await waitPromoted(cluster, primary.name);
          const promotedAt = history.now();
          if (kind === 'node') primary.restart();
          if (to === primary.name) {
            say(`  ${to} restarted in place by its keeper and writes again after ${((promotedAt - killedAt) / 1000).toFixed(1)} s (no failover; killing again)`);
            if (++inPlaceInARow > MAX_IN_PLACE) throw new Error(`${MAX_IN_PLACE + 1} SIGKILLs of postgres in a row were restarted in place: no failover to measure`);
          } else {
            say(`  ${to} promoted after ${((promotedAt - killedAt) / 1000).toFixed(1)} s`);
            inPlaceInARow = 0;
            i++;
          }
          await cluster.waitHealthy(300_000);
          const rejoinedAt = history.now();
          if (to !== primary.name) say(`  ${primary.name} rejoined as secondary after ${((rejoinedAt - killedAt) / 1000).toFixed(1)} s`);
          events.push({ kind, from: primary.name, to, killedAt, promotedAt, rejoinedAt });
        }
        await sleep(options.settleSeconds * 1000);
        // On a loaded machine the clients may not have moved yet since the last promotion: the load goes
        // on until a move was acknowledged after it (what shows the services write through the new primary).
        const last = events.at(-1);
        const until = Date.now() + AFTER_LAST_MS;
        while (last && Date.now() < until && !history.operations.some((op) => op.kind === 'move' && op.outcome === 'ok' && op.start > last.promotedAt)) await sleep(250);
      },
    });
    const end = Math.max(...run.operations.map((op) => (Number.isNaN(op.end) ? op.start : op.end)));
    const figures = figuresFor(events, run.operations, run.anomalies, end);
    return { run, events, figures, gamesVerified: run.games.filter((game) => game.verify?.ok === true).length, gamesChecked: run.games.filter((game) => game.verify !== null).length, uri };
  } finally {
    await cluster.stop();
  }
}

/** The table `npm run failover` prints (docs/operations.md quotes it). */
export function failoverTable(result: DrillResult): string {
  const lines = [
    '| # | kind | from → to | s to promotion | s without writes | 503s | acknowledged lost | anomalies | other 5xx |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  result.figures.forEach((figure, i) => {
    const codes = [...figure.byCode].map(([code, count]) => `${count} ${code}`).join(', ');
    const inPlace = figure.event.to === figure.event.from ? ' (restarted in place, no failover)' : '';
    lines.push(`| ${i + 1} | ${figure.event.kind === 'postgres' ? 'SIGKILL postgres' : 'whole node'} | ${figure.event.from} → ${figure.event.to}${inPlace} | ${figure.secondsToPromotion.toFixed(1)} | ${figure.secondsWithoutWrites.toFixed(1)} | ${figure.answered503}${codes ? ` (${codes})` : ''} | ${figure.acknowledgedLost} | ${figure.anomalies} | ${figure.serverErrors} |`);
  });
  const anomalies = countByKind(result.run.anomalies);
  lines.push('', `games: ${result.run.games.length}, verified ${result.gamesVerified} of ${result.gamesChecked} started (open games have nothing to verify); anomalies in the whole run: ${result.run.anomalies.length}${anomalies.size ? ` (${[...anomalies].map(([kind, count]) => `${kind} ${count}`).join(', ')})` : ''}`);
  return lines.join('\n');
}
