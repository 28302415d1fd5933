/** The printed summary of a history-check run (`npm run soak`, the history test's failure message). */
import { countByKind } from './checker.js';
import type { OpKind, Outcome } from './recorder.js';
import type { RunResult } from './workload.js';

/** Requests by kind and outcome. */
export function operationCounts(result: Pick<RunResult, 'operations'>): Map<OpKind, Record<Outcome, number>> {
  const counts = new Map<OpKind, Record<Outcome, number>>();
  for (const op of result.operations) {
    const entry = counts.get(op.kind) ?? { ok: 0, refused: 0, unknown: 0, error: 0 };
    entry[op.outcome]++;
    counts.set(op.kind, entry);
  }
  return counts;
}

/** Events in the games' logs by kind; bot and deadline moves (no account) apart. */
export function eventCounts(result: Pick<RunResult, 'games'>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const game of result.games) {
    for (const event of game.events) {
      const kind = event.kind === 'action' && event.actorId === null ? 'action (bot)' : event.kind;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return counts;
}

export function summarize(result: RunResult, maxListed = 20): string {
  const lines: string[] = [];
  const ops = operationCounts(result);
  const writes = result.operations.filter((op) => op.kind !== 'read');
  lines.push('', `operations (${result.operations.length} requests, ${result.kills} process kills, ${result.games.length} games):`, '| kind | acknowledged | refused (4xx) | unanswered / 503 | 5xx |', '|---|---|---|---|---|');
  for (const [kind, count] of [...ops].sort((a, b) => a[0].localeCompare(b[0]))) lines.push(`| ${kind} | ${count.ok} | ${count.refused} | ${count.unknown} | ${count.error} |`);
  const failures = new Map<string, number>();
  for (const op of result.operations.filter((entry) => entry.outcome === 'unknown')) {
    const why = op.status === 503 ? `503 ${op.code ?? ''}` : (op.failure ?? 'no answer');
    failures.set(why, (failures.get(why) ?? 0) + 1);
  }
  if (failures.size > 0) lines.push(`unanswered: ${[...failures].map(([why, count]) => `${count} × ${why}`).join(', ')}`);
  lines.push('', `events in the logs: ${[...eventCounts(result)].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  const statuses = new Map<string, number>();
  for (const game of result.games) statuses.set(game.status, (statuses.get(game.status) ?? 0) + 1);
  lines.push(`games: ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}; verified ${result.games.filter((game) => game.verify).length}`);
  const anomalies = countByKind(result.anomalies);
  lines.push('', `anomalies: ${result.anomalies.length}${anomalies.size > 0 ? ` (${[...anomalies].map(([kind, count]) => `${kind} ${count}`).join(', ')})` : ''}`);
  for (const anomaly of result.anomalies.slice(0, maxListed)) {
    const involved = anomaly.ops.map((id) => result.operations[id]!).map((op) => `#${op.id} ${op.client}@${op.server} ${op.method} ${op.path}${op.idempotencyKey ? ` key ${op.idempotencyKey.slice(0, 8)}` : ''} → ${op.status ?? op.failure}${op.code ? ` ${op.code}` : ''}${op.answer?.version !== undefined ? ` v${op.answer.version}` : ''} [${op.start.toFixed(0)}–${op.end.toFixed(0)} ms]`);
    lines.push(`  - ${anomaly.kind} in game ${anomaly.gameId ?? '-'}: ${anomaly.detail}${involved.length ? `\n      ${involved.join('\n      ')}` : ''}`);
  }
  if (result.anomalies.length > maxListed) lines.push(`  … and ${result.anomalies.length - maxListed} more`);
  if (result.clientErrors.length > 0) lines.push('', `client errors (the checker's own code): ${result.clientErrors.length}; first: ${result.clientErrors[0]}`);
  lines.push('', `throughput: ${(result.operations.length / result.seconds).toFixed(1)} requests/s, ${(writes.filter((op) => op.outcome === 'ok').length / result.seconds).toFixed(1)} acknowledged writes/s over ${result.seconds.toFixed(1)} s`);
  return lines.join('\n');
}
