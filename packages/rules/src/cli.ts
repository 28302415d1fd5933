/**
 * boardgame-rules verify <record.json | ->
 *
 * Checks a game record downloaded from a boardgame-server (GET /v1/games/{id}/record) with nothing
 * but the rules: the revealed server seed matches the commitment published at creation, the deal
 * seed comes from it and the players' client seeds, every event replays under the recorded rules
 * version, the replay ends in the recorded final state hash and result, and the events end the
 * game as its status says (docs/fairness.md).
 * Exit status: 0 verified fair, 1 not verified, 2 the record could not be read, 3 the record
 * replays but its commitment was made after the deal (an imported game): not proof of a fair deal.
 */
import { readFileSync } from 'node:fs';
import { games, verifyRecord, type GameRecordExport } from './index.js';

const USAGE = 'usage: boardgame-rules verify <record.json | ->   (- reads standard input)';

function fail(message: string, status: number): never {
  console.error(message);
  process.exit(status);
}

function readRecord(path: string): GameRecordExport {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    return fail(`cannot read ${path}: ${(error as Error).message}`, 2);
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return fail(`${path} is not JSON: ${(error as Error).message}`, 2);
  }
  const shape = record as Partial<GameRecordExport> | null;
  if (shape === null || typeof shape !== 'object' || typeof shape.seed !== 'string' || typeof shape.type !== 'string' || !Array.isArray(shape.events)) {
    return fail(`${path} is not a game record (it needs at least format, type, seed, seedCommitment and events)`, 2);
  }
  return record as GameRecordExport;
}

const [command, path, ...rest] = process.argv.slice(2);
if (command !== 'verify' || path === undefined || rest.length > 0) fail(USAGE, 2);
const record = readRecord(path);
let result: ReturnType<typeof verifyRecord>;
try {
  result = verifyRecord(games, record);
} catch (error) {
  fail(`record NOT verified: it cannot be replayed (${(error as Error).message})`, 1);
}
for (const { check, ok, detail } of result.checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}${!ok && detail ? `: ${detail}` : ''}`);
const seeds = (record.clientSeeds ?? []).filter((seed) => seed !== null).length;
const summary = `${record.events.length} events, seed commitment ${record.seedCommitment}, ${seeds} client seed(s), final state ${record.finalStateHash}`;
if (result.verdict === 'fair') {
  console.log(`record of game ${record.id} (${record.type}) verified: ${summary}`);
} else if (result.verdict === 'commitment-after-deal') {
  console.log(`NOT proof of a fair deal: game ${record.id} (${record.type}) was imported at ${String(record.importedAt)}, so its seed commitment was made after the deal was known. Its ${summary} replay consistently, nothing more.`);
} else {
  console.log('record NOT verified');
}
/** The exit status of each verdict (README.md of the package). */
const EXIT_STATUS = { fair: 0, 'not-verified': 1, 'commitment-after-deal': 3 } as const;
process.exit(EXIT_STATUS[result.verdict]);
