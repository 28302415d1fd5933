/**
 * boardgame-rules verify <record.json | ->
 *
 * Checks a game record downloaded from a boardgame-server (GET /v1/games/{id}/record) with nothing
 * but the rules: the revealed server seed matches the commitment published at creation, the deal
 * seed comes from it and the players' client seeds, every event replays under the recorded rules
 * version, and the replay ends in the recorded final state hash and result (docs/fairness.md).
 * Exit status: 0 verified, 1 not verified, 2 the record could not be read.
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
if (result.ok) {
  const seeds = (record.clientSeeds ?? []).filter((seed) => seed !== null).length;
  console.log(`record of game ${record.id} (${record.type}) verified: ${record.events.length} events, seed commitment ${record.seedCommitment}, ${seeds} client seed(s), final state ${record.finalStateHash}`);
} else {
  console.log('record NOT verified');
}
process.exit(result.ok ? 0 : 1);
