import type { Principal } from '../auth/tokens.js';
import { stateHash } from '../engine/canonical.js';
import { RECORD_FORMAT, type GameRecordExport } from '../engine/record.js';
import { conflict } from '../errors.js';
import { importedNames } from '../store/admin.js';
import type { GameRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { seedCommitment } from './fairness.js';
import { allEvents } from './history.js';
import { loadVisibleGame } from './lobby.js';

/**
 * The portable record format and its verifier live with the engines (src/engine/record.ts) so the
 * `boardgame-rules` package ships them; this module reads records out of the database.
 */
export { EARLIER_FORMATS, RECORD_FORMAT, verifyRecord, type GameRecordExport, type RecordCheck, type RecordEvent } from '../engine/record.js';

/** The record of `game` as stored now (imported seats keep the names their record gave). */
export async function recordOf(ctx: ServiceContext, game: GameRecord): Promise<GameRecordExport> {
  const [events, imported] = await Promise.all([allEvents(ctx, game), importedNames(ctx.db, game.id)]);
  return {
    format: RECORD_FORMAT, id: game.id, type: game.type, rulesVersion: game.rulesVersion, seatCount: game.seatCount, options: game.options,
    seedCommitment: seedCommitment(game.seed), seed: game.seed, seedDerivation: game.seedDerivation, clientSeeds: game.clientSeeds,
    seats: game.seats.map((seat) => ({ seat: seat.seat, username: seat.username ?? imported.get(seat.seat) ?? null, bot: seat.bot })),
    timeControl: game.timeControl, status: game.status, importedAt: game.importedAt?.toISOString() ?? null,
    events: events.filter((event) => event.seq <= game.version).map(({ seq, kind, seat, undoesSeq, action, createdAt }) => ({ seq, kind, seat, undoesSeq, action, at: createdAt.toISOString() })),
    finalStateHash: stateHash(game.state), result: game.result,
  };
}

/** The record of a finished game the caller may see; refused before the end (the seed is still secret). */
export async function exportRecord(ctx: ServiceContext, principal: Principal | null, gameId: string): Promise<GameRecordExport> {
  const game = await loadVisibleGame(ctx, gameId, principal);
  if (game.status !== 'finished' && !(game.status === 'aborted' && game.startedAt !== null)) {
    throw conflict('GAME_NOT_FINISHED', 'The record, and the seed in it, are published once the game is over (finished, or aborted after its start).');
  }
  return recordOf(ctx, game);
}

