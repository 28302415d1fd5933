import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRatings, type RatedPlayer } from '../../src/services/ratings.js';
import { loginAdmin, newUser, playFirstLegal, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { waitFor } from '../support/wait.js';

/**
 * Ratings: a rated game that finishes moves its players' ratings once, through the due-work worker;
 * unrated, bot, short, abandoned and aborted games do not; a resignation is last place; the
 * leaderboard and profiles show them; and a recomputation of 1,000 simulated games from the recorded
 * history gives exactly the live ratings (and repairs tampered ones).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { ratingMinMoves: 4 } });
});
afterAll(async () => t?.close());

type Player = Awaited<ReturnType<typeof newUser>>;

/** A started toy game of `players` (the first creates it, `rated` as given). */
async function toyGame(players: Player[], options: { rounds: number; rated?: boolean }) {
  const body = { type: 'toy', seats: players.length, options: { rounds: options.rounds }, ...(options.rated === undefined ? {} : { rated: options.rated }) };
  const gameId = (await t.http.post('/v1/games').set(players[0]!.auth).send(body).expect(201)).body.id as string;
  for (const player of players.slice(1)) await t.http.post(`/v1/games/${gameId}/join`).set(player.auth).send({}).expect(200);
  return gameId;
}

const until = <T>(probe: () => Promise<T | undefined>) => waitFor(probe, 15_000);
async function gameRating(gameId: string): Promise<{ unrated: string | null } | undefined> {
  return (await t.sql.query('SELECT unrated FROM game_ratings WHERE game_id = $1', [gameId])).rows[0];
}
const changes = async (gameId: string) =>
  (await t.sql.query('SELECT user_id, seat, place, mu_before, mu_after FROM rating_changes WHERE game_id = $1 ORDER BY seat', [gameId])).rows;
const dueAt = async (gameId: string) => (await t.sql.query('SELECT due_at FROM games WHERE id = $1', [gameId])).rows[0].due_at;

describe('live ratings', () => {
  it('a rated game that finishes moves its players\u2019 ratings once, the winner up; leaderboard and profile show it', async () => {
    // A toy game can end in a tie (equal places, rated as such in the recomputation below): new players until one has a single winner.
    let alice: Player, bob: Player, gameId: string, game;
    for (let tries = 0; ; tries++) {
      [alice, bob] = [await newUser(t, 'alice'), await newUser(t, 'bob')];
      gameId = await toyGame([alice, bob], { rounds: 2 });
      await playFirstLegal(t, gameId, [alice, bob], 10);
      game = (await t.http.get(`/v1/games/${gameId}`).expect(200)).body;
      expect(game).toMatchObject({ status: 'finished', rated: true });
      if (game.result.winners.length === 1 || tries === 10) break;
    }
    expect(game.result.winners).toHaveLength(1);
    await until(async () => (await gameRating(gameId)) ?? undefined);
    expect(await gameRating(gameId)).toEqual({ unrated: null });
    expect(await dueAt(gameId)).toBeNull();
    const winner = game.result.ranking[0] as number;
    const rows = await changes(gameId);
    expect(rows.map((row) => [row.seat, row.place])).toEqual([[0, winner === 0 ? 1 : 2], [1, winner === 1 ? 1 : 2]]);
    const [won, lost] = winner === 0 ? [rows[0], rows[1]] : [rows[1], rows[0]];
    expect(won.mu_after).toBeGreaterThan(won.mu_before);
    expect(lost.mu_after).toBeLessThan(lost.mu_before);

    const board = (await t.http.get('/v1/game-types/toy/leaderboard').expect(200)).body;
    const names = [alice.username, bob.username];
    expect(board.items.filter((item: { username: string }) => names.includes(item.username)).map((item: { username: string }) => item.username)).toEqual([names[winner], names[1 - winner]]);
    expect(board.items.find((item: { username: string }) => item.username === names[winner])).toMatchObject({ games: 1, gameType: 'toy' });
    // On the scale players know: a newcomer is 1500; after one game the winner is above it, the loser below and not negative.
    const shown = (name: string) => board.items.find((item: { username: string }) => item.username === name).rating as number;
    expect(shown(names[winner]!)).toBeGreaterThan(1500);
    expect(shown(names[1 - winner]!)).toBeLessThan(1500);
    expect(shown(names[1 - winner]!)).toBeGreaterThan(1000);
    expect((await t.http.get('/v1/game-types/chess/leaderboard').expect(404)).body.code).toBe('NOT_FOUND');

    const mine = (await t.http.get(`/v1/users/${alice.username.toUpperCase()}/profile`).expect(200)).body;
    expect(mine.username).toBe(alice.username);
    expect(mine.ratings).toEqual([expect.objectContaining({ gameType: 'toy', games: 1 })]);
    expect(mine.recentGames[0]).toMatchObject({
      gameId, type: 'toy', status: 'finished', seat: 0, players: [alice.username, bob.username], won: winner === 0, place: winner === 0 ? 1 : 2, replay: `/v1/games/${gameId}/replay`,
    });
    expect(mine.recentGames[0].ratingAfter).not.toBe(mine.recentGames[0].ratingBefore);
    expect((await t.http.get('/v1/users/nobody_here/profile').expect(404)).body.code).toBe('NOT_FOUND');

    const graphql = await postGraphql(t, `query($u: String!) {
      leaderboard(type: "toy", first: 100) { totalCount edges { node { rank username rating { rating games } } } }
      profile(username: $u) { username ratings { gameType games } recentGames { gameId place won ratingBefore ratingAfter } }
    }`, { u: bob.username });
    expect(graphql.errors).toBeUndefined();
    const data = graphql.data as { leaderboard: { totalCount: number; edges: { node: { username: string; rank: number } }[] }; profile: { recentGames: { gameId: string; place: number }[] } };
    expect(data.leaderboard.edges.map((edge) => edge.node.username)).toEqual(board.items.map((item: { username: string }) => item.username));
    expect(data.profile.recentGames[0]).toMatchObject({ gameId, place: winner === 1 ? 1 : 2 });
  });

  it('rates no game created unrated, shorter than RATING_MIN_MOVES, with a bot, abandoned or aborted', async () => {
    const [a, b, c] = [await newUser(t, 'ann'), await newUser(t, 'ben'), await newUser(t, 'cal')];
    const unrated = await toyGame([a, b], { rounds: 2, rated: false });
    await playFirstLegal(t, unrated, [a, b], 10);
    expect((await t.http.get(`/v1/games/${unrated}`).expect(200)).body).toMatchObject({ status: 'finished', rated: false });
    // An unrated game has no rating work at all.
    expect(await dueAt(unrated)).toBeNull();

    const short = await toyGame([a, b], { rounds: 1 });
    await playFirstLegal(t, short, [a, b], 10);
    expect(await until(() => gameRating(short))).toEqual({ unrated: 'too_short' });

    const withBot = (await t.http.post('/v1/games').set(c.auth).send({ type: 'toy', seats: 2, options: { rounds: 2 } }).expect(201)).body.id as string;
    await t.http.put(`/v1/games/${withBot}/seats/1`).set(c.auth).send({ fill: 'bot' }).expect(200);
    await until(async () => {
      const game = (await t.http.get(`/v1/games/${withBot}`).set(c.auth).expect(200)).body;
      if (game.status === 'finished') return true;
      if (game.activeSeats.includes(0)) await playFirstLegal(t, withBot, [c], 1);
      return undefined;
    });
    expect(await until(() => gameRating(withBot))).toEqual({ unrated: 'bot' });

    const abandoned = await toyGame([a, b], { rounds: 2 });
    await t.http.post(`/v1/games/${abandoned}/resign`).set(a.auth).expect(200);
    await t.http.post(`/v1/games/${abandoned}/resign`).set(b.auth).expect(200);
    const aborted = await toyGame([a, b], { rounds: 2 });
    await t.http.post(`/v1/admin/games/${aborted}/abort`).set(await loginAdmin(t)).send({}).expect(200);
    for (const gameId of [abandoned, aborted]) {
      expect(await dueAt(gameId)).toBeNull();
      expect(await gameRating(gameId)).toBeUndefined();
    }
    expect((await t.sql.query('SELECT count(*)::int AS n FROM ratings WHERE user_id = ANY($1)', [[a.id, b.id, c.id]])).rows[0].n).toBe(0);
  });

  it('a resignation is last place, after everyone who played on', async () => {
    const players = [await newUser(t, 'dee'), await newUser(t, 'eve'), await newUser(t, 'fay')];
    const gameId = await toyGame(players, { rounds: 2 });
    // Seat 0 resigns at once; a bot plays it on (the workers move it), the others play to the end.
    await t.http.post(`/v1/games/${gameId}/resign`).set(players[0]!.auth).expect(200);
    await until(async () => {
      const game = (await t.http.get(`/v1/games/${gameId}`).expect(200)).body;
      if (game.status === 'finished') return true;
      const seat = game.activeSeats[0] as number;
      if (seat !== 0) await playFirstLegal(t, gameId, [players[seat]!, players[seat]!, players[seat]!], 1);
      return undefined;
    });
    expect(await until(() => gameRating(gameId))).toEqual({ unrated: null });
    const rows = await changes(gameId);
    expect(rows.find((row) => row.seat === 0)!.place).toBe(3);
    // The two who played on may tie (a toy game can end level): either way both are ahead of the resignation.
    expect([[1, 2], [1, 1]]).toContainEqual(rows.filter((row) => row.seat !== 0).map((row) => row.place).sort());
  });
});

describe('recomputing from history', () => {
  it('replays 1,000 simulated games to exactly the live ratings, and repairs tampered ones', async () => {
    const pool = await t.sql.query(`INSERT INTO users (id, username, password_hash) SELECT gen_random_uuid(), 'sim_' || i, 'x' FROM generate_series(1, 12) i RETURNING id`);
    const users = pool.rows.map((row) => row.id as string);
    // 1,000 finished games as rows only: the rating service is what is exercised, not play.
    const games = (await t.sql.query(`INSERT INTO games (id, type, rules_version, options, seed, status, seat_count, created_by_id, finished_at)
      SELECT gen_random_uuid(), CASE WHEN i % 3 = 0 THEN 'other' ELSE 'toy' END, 1, '{}', 'seed', 'finished', 2, $1, now() FROM generate_series(1, 1000) i RETURNING id, type`, [users[0]])).rows as { id: string; type: string }[];
    // A seeded generator: the same tables every run.
    let seed = 20261126;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const tables: { game: { id: string; type: string }; players: RatedPlayer[] }[] = [];
    for (const game of games) {
      const size = 2 + Math.floor(random() * 4);
      const seated = [...users].sort(() => random() - 0.5).slice(0, size);
      // Places with ties now and then (equal places are a tie).
      const places = seated.map(() => 1 + Math.floor(random() * size)).sort((x, y) => x - y);
      const players: RatedPlayer[] = seated.map((userId, seat) => ({ userId, seat, place: places[seat]! }));
      tables.push({ game, players });
    }
    // 25 games per transaction (one game per call, as the worker does), to spare the shared machine 1,000 commits.
    for (let i = 0; i < tables.length; i += 25) {
      await t.app.services.db.$transaction(async (tx) => {
        for (const { game, players } of tables.slice(i, i + 25)) await applyRatings(tx, { gameId: game.id, gameType: game.type, at: new Date() }, players);
      }, { timeout: 60_000 });
    }
    // Done once only: a second attempt at a game changes nothing.
    expect(await t.app.services.db.$transaction((tx) => applyRatings(tx, { gameId: games[0]!.id, gameType: games[0]!.type, at: new Date() }, [{ userId: users[0]!, seat: 0, place: 1 }, { userId: users[1]!, seat: 1, place: 2 }]))).toBe(false);

    const snapshot = async () => ({
      ratings: (await t.sql.query('SELECT user_id, game_type, mu, sigma, rating, games FROM ratings WHERE user_id = ANY($1) ORDER BY game_type, user_id', [users])).rows,
      changes: (await t.sql.query('SELECT c.* FROM rating_changes c WHERE c.user_id = ANY($1) ORDER BY game_id, user_id', [users])).rows,
    });
    const live = await snapshot();
    expect(live.ratings.length).toBe(24);
    expect(live.ratings.reduce((sum, row) => sum + row.games, 0)).toBe(live.changes.length);
    const admin = await loginAdmin(t);
    expect((await t.http.post('/v1/admin/ratings/recompute').set((await newUser(t)).auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    const first = (await t.http.post('/v1/admin/ratings/recompute').set(admin).expect(200)).body;
    expect(first.corrected).toBe(0);
    expect(first.games).toBeGreaterThanOrEqual(1000);
    expect(await snapshot()).toEqual(live);

    // Tampered: a current rating and one recorded change. The recomputation puts both right.
    await t.sql.query('UPDATE ratings SET mu = mu + 1, games = 99 WHERE user_id = $1', [users[3]]);
    await t.sql.query('UPDATE rating_changes SET mu_after = 0 WHERE game_id = $1', [games[500]!.id]);
    const repaired = await postGraphql(t, 'mutation { adminRecomputeRatings { games changes corrected players } }', {}, admin.Authorization);
    expect(repaired.errors).toBeUndefined();
    expect((repaired.data as { adminRecomputeRatings: { corrected: number } }).adminRecomputeRatings.corrected).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(live);
  }, 180_000);
});
