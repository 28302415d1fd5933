import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { findTools } from '../../scripts/failover/cluster.js';
import { failoverTable, runFailoverDrill } from '../../scripts/failover/drill.js';
import { summarize } from '../../scripts/history/summary.js';

/**
 * One short failover of `npm run failover` (docs/operations.md), run alone with
 * `npx vitest run test/api/failover.test.ts`: a pg_auto_failover monitor and two nodes, two service
 * processes on the cluster's multi-host URL under the history checker's load; the primary's postgres
 * is SIGKILLed, the monitor promotes the standby, the services follow it, the old primary rejoins.
 * No acknowledged write is lost, the history has no anomaly, nothing answers a 5xx but 503, and
 * every started game verifies. Needs the Debian packages .ci/run installs; without them it fails
 * and says which (it never skips).
 */
describe('failover of the database under load', () => {
  it('loses no acknowledged move when the primary\'s postgres is SIGKILLed, and the services follow the promoted standby', async () => {
    findTools(); // throws "the failover cluster needs …: apt-get install …" when a package is missing
    const parentDir = process.getuid?.() === 0 ? '/var/lib/bgs-failover' : tmpdir();
    mkdirSync(parentDir, { recursive: true, mode: 0o755 });
    const lines: string[] = [];
    const started = Date.now();
    // Each line with its second of the test: where the time goes (cluster, failover, rejoin, read-back).
    const say = (line: string) => lines.push(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
    const result = await runFailoverDrill({
      kinds: ['postgres'], failovers: 1, settleSeconds: 4, clients: 4, liveGames: 3, thinkMs: 100,
      basePort: Number(process.env.FAILOVER_TEST_PORT ?? 5741), parentDir, say,
    });
    say('cluster stopped');
    const report = `${lines.join('\n')}\n${summarize(result.run)}\n${failoverTable(result)}`;
    console.log(report);
    // A kill its keeper restarted in place (no failover) is followed by another: exactly one failover.
    const failovers = result.figures.filter((entry) => entry.event.to !== entry.event.from);
    expect(failovers, report).toHaveLength(1);
    const [figure] = failovers;
    // The services wrote again after the failover (through the promoted standby).
    expect(Number.isFinite(figure!.secondsWithoutWrites), report).toBe(true);
    expect(result.run.operations.some((op) => op.kind === 'move' && op.outcome === 'ok' && op.start > figure!.event.promotedAt), report).toBe(true);
    expect(figure!.acknowledgedLost, report).toBe(0);
    expect(result.run.anomalies, report).toEqual([]);
    expect(result.run.operations.filter((op) => op.outcome === 'error'), report).toEqual([]);
    expect(result.run.clientErrors, report).toEqual([]);
    expect(result.gamesChecked, report).toBeGreaterThan(0);
    expect(result.gamesVerified, report).toBe(result.gamesChecked);
  }, 900_000);
});
