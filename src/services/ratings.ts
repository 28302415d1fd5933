import type { Principal } from '../auth/tokens.js';
import type { Outcome } from '../engine/types.js';
import { notFound } from '../errors.js';
import type { GameRecord } from '../store/games.js';
import {
  countPersonMoves, currentSkills, leaderboardPage, lockForRecompute, lockRatings, noRecomputeRunning, ratingHistory, ratingsOf, recentGamesOf, recordGameRating, replaceRatings, writeRatingChanges,
  type ChangeRow, type RatingRow, type Tx,
} from '../store/ratings.js';
import { findUserByUsername } from '../store/users.js';
import type { ServiceContext } from './context.js';
import { displayRating, initialSkill, placesOf, rateTable, type Skill } from './rating-model.js';

/**
 * Ratings per account per game type (the model: services/rating-model.ts).
 *
 * When a game finishes, `commitEvent` (services/progress.ts) makes its due work due at once; the
 * due-work worker (services/due.ts) claims it like a deadline and calls `rateFinishedGame` in the
 * claiming transaction, so the rating is done exactly once and a crash only delays it (nothing on
 * a non-final move's path). Each game's work is recorded in `game_ratings` (with why it was not
 * rated, if so) and each rated player's change in `rating_changes`, in the order the work was done:
 * `recomputeRatings` replays that history from scratch (an admin action) and gets the same ratings.
 *
 * Not rated: games created unrated, games with a seat no person holds (a bot), games with fewer
 * than RATING_MIN_MOVES moves by persons, abandoned games (every person resigned) and aborted ones
 * (never finished). A resignation counts as last place.
 */
export type Unrated = 'unrated' | 'abandoned' | 'bot' | 'too_short' | 'too_few_players';

export interface RatedPlayer {
  userId: string;
  seat: number;
  /** 1 = first; equal places tie. */
  place: number;
}

/**
 * Records the game's rating work and, when `players` is given, moves their ratings. Runs in the
 * caller's transaction; takes the ratings lock. Returns false when the game's work was done already.
 */
export async function applyRatings(tx: Tx, game: { gameId: string; gameType: string; at: Date }, players: RatedPlayer[] | Unrated): Promise<boolean> {
  await lockRatings(tx);
  const unrated = typeof players === 'string' ? players : null;
  if (!(await recordGameRating(tx, { ...game, unrated }))) return false;
  if (typeof players === 'string') return true;
  const stored = new Map((await currentSkills(tx, game.gameType, players.map((player) => player.userId))).map((skill) => [skill.userId, skill]));
  const before = players.map((player) => stored.get(player.userId) ?? initialSkill());
  const after = rateTable(before, players.map((player) => player.place));
  await writeRatingChanges(tx, game.gameType, game.at, players.map((player, i) => ({
    gameId: game.gameId, userId: player.userId, seat: player.seat, place: player.place,
    muBefore: before[i]!.mu, sigmaBefore: before[i]!.sigma, muAfter: after[i]!.mu, sigmaAfter: after[i]!.sigma, rating: displayRating(after[i]!),
  })));
  return true;
}

/** Who is rated in a finished game and at which place, or why it is not rated. */
export async function ratedPlayers(tx: Tx, game: GameRecord, minMoves: number): Promise<RatedPlayer[] | Unrated> {
  const outcome = game.result as (Outcome & { abandoned?: boolean }) | null;
  if (!game.rated) return 'unrated';
  if (!outcome || outcome.abandoned) return 'abandoned';
  if (game.seats.some((seat) => seat.userId === null)) return 'bot';
  if (game.seats.length < 2) return 'too_few_players';
  if ((await countPersonMoves(tx, game.id)) < minMoves) return 'too_short';
  const resigned = new Set(game.seats.filter((seat) => seat.resigned).map((seat) => seat.seat));
  const places = placesOf(outcome, game.seats.map((seat) => seat.seat), resigned);
  return game.seats.map((seat) => ({ userId: seat.userId!, seat: seat.seat, place: places.get(seat.seat)! }));
}

/** Thrown by a finished game's rating work while an admin's recomputation runs: the work is retried later (services/due.ts backs off). */
export class RatingsRecomputing extends Error {
  override name = 'RatingsRecomputing';
}

/** The due work of a finished game (inside its claim, which holds other games' rows: it never waits behind a recomputation). */
export async function rateFinishedGame(ctx: ServiceContext, tx: Tx, game: GameRecord): Promise<void> {
  if (!(await noRecomputeRunning(tx))) throw new RatingsRecomputing('the ratings are being recomputed: this game is rated once that is done');
  await applyRatings(tx, { gameId: game.id, gameType: game.type, at: ctx.now() }, await ratedPlayers(tx, game, ctx.ratings.minMoves));
}

/**
 * Admin: every rating again from the recorded places, in the order the games were rated, from
 * the initial rating. `corrected` counts the changes whose stored values differed (0 when the live
 * ratings were right).
 */
export async function recomputeRatings(ctx: ServiceContext, principal: Principal): Promise<{ games: number; changes: number; corrected: number; players: number }> {
  const result = await ctx.db.$transaction(async (tx) => {
    await lockForRecompute(tx);
    await lockRatings(tx);
    const history = await ratingHistory(tx);
    const skills = new Map<string, RatingRow>();
    const key = (gameType: string, userId: string) => `${gameType}:${userId}`;
    const recomputed: ChangeRow[] = [];
    let corrected = 0;
    for (let start = 0; start < history.length;) {
      let end = start;
      while (end < history.length && history[end]!.gameId === history[start]!.gameId) end++;
      const table = history.slice(start, end);
      const before: Skill[] = table.map((row) => skills.get(key(row.gameType, row.userId)) ?? initialSkill());
      const after = rateTable(before, table.map((row) => row.place));
      table.forEach((row, i) => {
        const change = { ...row, muBefore: before[i]!.mu, sigmaBefore: before[i]!.sigma, muAfter: after[i]!.mu, sigmaAfter: after[i]!.sigma };
        if (change.muBefore !== row.muBefore || change.sigmaBefore !== row.sigmaBefore || change.muAfter !== row.muAfter || change.sigmaAfter !== row.sigmaAfter) corrected++;
        recomputed.push(change);
        const games = (skills.get(key(row.gameType, row.userId))?.games ?? 0) + 1;
        skills.set(key(row.gameType, row.userId), { userId: row.userId, gameType: row.gameType, mu: after[i]!.mu, sigma: after[i]!.sigma, rating: displayRating(after[i]!), games, updatedAt: row.ratedAt });
      });
      start = end;
    }
    await replaceRatings(tx, recomputed, [...skills.values()]);
    return { games: new Set(history.map((row) => row.gameId)).size, changes: history.length, corrected, players: new Set(history.map((row) => row.userId)).size };
  }, { maxWait: 20_000, timeout: 120_000 });
  ctx.log.info(`ratings recomputed by admin ${principal.userId}: ${result.games} games, ${result.changes} changes, ${result.corrected} corrected`);
  return result;
}

const round = (value: number) => Math.round(value * 100) / 100;

export interface RatingView {
  gameType: string;
  rating: number;
  mu: number;
  sigma: number;
  games: number;
}
const ratingView = (row: RatingRow): RatingView => ({ gameType: row.gameType, rating: round(row.rating), mu: round(row.mu), sigma: round(row.sigma), games: row.games });

export async function leaderboard(ctx: ServiceContext, gameType: string, page: { limit: number; offset: number }) {
  if (!Object.hasOwn(ctx.catalog, gameType)) throw notFound('Game type');
  const { total, rows } = await leaderboardPage(ctx.db.reads, gameType, page.limit, page.offset);
  return { items: rows.map((row, i) => ({ rank: page.offset + i + 1, username: row.username, ...ratingView(row) })), total, limit: page.limit, offset: page.offset };
}

const RECENT_GAMES = 20;

/** An account's public profile: ratings per game type and its latest public games that are over, with results and rating changes. */
export async function profile(ctx: ServiceContext, username: string) {
  // A profile is a public page that tolerates a replica's lag (docs/scaling.md §2).
  const reads = ctx.db.reads;
  const user = await findUserByUsername(reads, username);
  if (!user || user.disabledAt || user.deletedAt) throw notFound('User');
  const [ratings, recent] = await Promise.all([ratingsOf(reads, user.id), recentGamesOf(reads, user.id, RECENT_GAMES)]);
  return {
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    ratings: ratings.map(ratingView),
    recentGames: recent.map((game) => {
      const outcome = game.result as (Outcome & { abandoned?: boolean }) | null;
      const skill = (mu: number | null, sigma: number | null) => (mu === null || sigma === null ? null : round(displayRating({ mu, sigma })));
      return {
        gameId: game.gameId, type: game.type, status: game.status, finishedAt: game.finishedAt?.toISOString() ?? null, seat: game.seat, players: game.players, bots: game.bots,
        score: outcome?.scores?.[game.seat] ?? null,
        won: outcome && !outcome.abandoned ? outcome.winners.includes(game.seat) : null,
        // Unrated games still show where the player finished.
        place: game.place ?? (outcome && !outcome.abandoned && outcome.ranking.includes(game.seat) ? outcome.ranking.indexOf(game.seat) + 1 : null),
        ratingBefore: skill(game.muBefore, game.sigmaBefore),
        ratingAfter: skill(game.muAfter, game.sigmaAfter),
        replay: `/v1/games/${game.gameId}/replay`,
      };
    }),
  };
}
