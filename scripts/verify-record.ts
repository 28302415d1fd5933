/**
 * Verify a finished game's public record with nothing but the rules engines (no server, no database):
 *   curl -s http://127.0.0.1:3000/v1/games/<id>/record > record.json
 *   npx tsx scripts/verify-record.ts record.json      (or `-` to read standard input)
 * Checks that SHA-256 of the revealed seed is the commitment published when the game was created,
 * that every event replays under the recorded rules version, and that the replay ends in the
 * recorded final state and result. Prints each check; exits 0 when all pass, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { games } from '../src/games/index.js';
import { verifyRecord, type GameRecordExport } from '../src/services/record.js';

const path = process.argv[2];
if (!path) {
  console.error('usage: npx tsx scripts/verify-record.ts <record.json | ->');
  process.exit(2);
}
const record = JSON.parse(readFileSync(path === '-' ? 0 : path, 'utf8')) as GameRecordExport;
const result = verifyRecord(games, record);
for (const { check, ok, detail } of result.checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}${!ok && detail ? `: ${detail}` : ''}`);
console.log(result.ok ? `record of game ${record.id} verified: ${record.events.length} events, seed commitment ${record.seedCommitment}` : 'record NOT verified');
process.exit(result.ok ? 0 : 1);
