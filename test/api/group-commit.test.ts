import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { replay } from '../../src/engine/replay.js';
import type { GameRecord } from '../../src/store/games.js';
import { commitMove, groupCommitStats, loadForMove } from '../../src/store/moves.js';
import { setupInputOfRow, startedToyGame, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { toyGame, toyPass } from '../support/toy-game.js';

/**
 * Group commit (store/moves.ts): moves of different games that meet in the store share one
 * statement and one WAL flush, each still guarded by its own game's revision. What users rely on:
 * every acknowledged move is stored exactly once in its own game, a move that lost a race is left
 * out alone, and one bad move never takes the others down with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());


async function loaded(gameId: string): Promise<GameRecord> {
  const game = await loadForMove(t.app.services.db, gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  return game;
}

/** The stored log is the start (event 1) and then `moves` moves, gap-free, and replays to the stored state. */
async function expectConsistent(gameId: string, moves: number) {
  const game = await storedGame(t, gameId);
  const events = (await t.sql.query('SELECT seq, seat, kind, action FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
  expect(game.version).toBe(moves + 1);
  expect(events.map((event) => event.seq)).toEqual(Array.from({ length: moves + 1 }, (_, i) => i + 1));
  expect(events.map((event) => event.kind)).toEqual(['start', ...Array(moves).fill('action')]);
  const state = replay(toyGame, setupInputOfRow(game), events.slice(1).map((event) => ({ seat: event.seat, action: event.action })));
  expect(canonicalJson(state)).toBe(canonicalJson(game.state));
}

describe('group commit', () => {
  it('commits moves of many games that meet in the store, each once, in fewer statements than moves', async () => {
    const games = await Promise.all(Array.from({ length: 12 }, async () => loaded((await startedToyGame(t, { rounds: 5 })).gameId)));
    const before = { ...groupCommitStats(t.app.services.db) };
    // All twelve reach the store in the same tick, as concurrent requests do under load.
    const committed = await Promise.all(games.map((game) => {
      const { event, next } = toyPass(game);
      return commitMove(t.app.services.db, game, event, next, []);
    }));
    const after = groupCommitStats(t.app.services.db);
    expect(committed.every((moved) => moved !== null)).toBe(true);
    expect(after.moves - before.moves).toBe(12);
    expect(after.flushes - before.flushes).toBeLessThan(12);
    for (const [i, game] of games.entries()) {
      // What the store hands back for the cache is what it stored, at the next revision.
      const stored = await loaded(game.id);
      expect(committed[i]!.game.revision).toBe(stored.revision);
      expect(canonicalJson(committed[i]!.game.state)).toBe(canonicalJson(stored.state));
      await expectConsistent(game.id, 1);
    }
  });

  it("writes the outbox of moves that notify someone (push rows, webhook deliveries) in the shared statement, for the moves that landed only", async () => {
    const started = await Promise.all(Array.from({ length: 8 }, () => startedToyGame(t, { rounds: 5 })));
    // Every bob has a browser subscribed to push; the first also a webhook for your_turn (each touches the games' revision: loaded after).
    for (const { bob } of started) {
      await t.sql.query(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (gen_random_uuid(), $1, $2, 'k', 'a')`, [bob.id, `https://push.example.test/${bob.id}`]);
    }
    await t.sql.query(`INSERT INTO webhooks (id, user_id, url, secret, events) VALUES (gen_random_uuid(), $1, 'https://hooks.example.test/bob', 'secret', '{your_turn}')`, [started[0]!.bob.id]);
    const games = await Promise.all(started.map(async ({ bob, gameId }) => ({ bob, game: await loaded(gameId) })));
    // Game 7 moves first on its own: its move of the same moment below loses the race and must notify nobody.
    const raced = games[7]!;
    const early = toyPass(raced.game);
    expect(await commitMove(t.app.services.db, raced.game, early.event, early.next, [])).not.toBeNull();
    const before = { ...groupCommitStats(t.app.services.db) };
    const committed = await Promise.all(games.map(({ bob, game }) => {
      const { event, next } = toyPass(game);
      const payload = { event: 'your_turn', game: { id: game.id, type: 'toy', version: event.seq, status: 'active', activeSeats: next.activeSeats }, seat: 1, deadline: null };
      return commitMove(t.app.services.db, game, event, next, [{ userIds: [bob.id], event: 'your_turn', payload }]);
    }));
    const after = groupCommitStats(t.app.services.db);
    expect(after.moves - before.moves).toBe(8);
    expect(after.flushes - before.flushes).toBeLessThan(8);
    expect(committed.slice(0, 7).every((moved) => moved !== null && moved.webhooks > 0)).toBe(true);
    expect(committed[7]).toBeNull();
    for (const [i, { bob, game }] of games.entries()) {
      const rows = (await t.sql.query(`SELECT channel, kind, game_id, game_version, seat FROM notifications WHERE user_id = $1`, [bob.id])).rows;
      expect(rows, `game ${i}`).toEqual(i === 7 ? [] : [{ channel: 'push', kind: 'your_turn', game_id: game.id, game_version: 2, seat: 1 }]);
      await expectConsistent(game.id, 1);
    }
    // Each delivery carries its game's id in its own column (the key to colocate it with the game's rows).
    const deliveries = (await t.sql.query(`SELECT d.event, d.game_id, d.payload #>> '{game,id}' AS payload_game_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.user_id = $1`, [games[0]!.bob.id])).rows;
    expect(deliveries).toEqual([{ event: 'your_turn', game_id: games[0]!.game.id, payload_game_id: games[0]!.game.id }]);
  });

  it('lets only one of two moves on the same game version land; the other caller is told to reload', async () => {
    const game = await loaded((await startedToyGame(t, { rounds: 5 })).gameId);
    const first = toyPass(game);
    const second = toyPass(game);
    const [a, b] = await Promise.all([
      commitMove(t.app.services.db, game, first.event, first.next, []),
      commitMove(t.app.services.db, game, second.event, second.next, []),
    ]);
    expect([a, b].filter((moved) => moved !== null)).toHaveLength(1);
    await expectConsistent(game.id, 1);
  });

  it('fails only the bad move of a flush: the others of the same moment commit', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, async () => loaded((await startedToyGame(t, { rounds: 5 })).gameId)));
    // The bad one claims seq 2 again on a game that already has event 2 (its revision is current, so
    // only the event's primary key refuses it): the statement carrying it fails as a whole.
    const bad = games[3]!;
    const firstMove = toyPass(bad);
    expect(await commitMove(t.app.services.db, bad, firstMove.event, firstMove.next, [])).not.toBeNull();
    games[3] = await loaded(bad.id);
    const results = await Promise.allSettled(games.map((game, i) => {
      const { event, next } = toyPass(game, i === 3 ? 2 : undefined);
      return commitMove(t.app.services.db, game, event, next, []);
    }));
    expect(results[3]!.status).toBe('rejected');
    for (const [i, result] of results.entries()) {
      if (i === 3) continue;
      expect(result.status).toBe('fulfilled');
      expect((result as PromiseFulfilledResult<unknown>).value).not.toBeNull();
      await expectConsistent(games[i]!.id, 1);
    }
    // Nothing of the refused move was stored.
    await expectConsistent(bad.id, 1);
  });

  it("does not hold up other games' moves behind a flush that waits for a locked game row", async () => {
    const [held, free] = await Promise.all([1, 2].map(async () => loaded((await startedToyGame(t, { rounds: 5 })).gameId)));
    // Another transaction holds the row of `held` (as a join, an undo or a worker's timeout does while it runs).
    const locker = await t.sql.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [held!.id]);
      const heldMove = toyPass(held!);
      let heldDone = false;
      const waiting = commitMove(t.app.services.db, held!, heldMove.event, heldMove.next, []).finally(() => void (heldDone = true));
      // The flush carrying `held` waits on the lock; `free`'s move, made after it, still commits.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const freeMove = toyPass(free!);
      expect(await commitMove(t.app.services.db, free!, freeMove.event, freeMove.next, [])).not.toBeNull();
      expect(heldDone).toBe(false);
      await expectConsistent(free!.id, 1);
      await locker.query('COMMIT');
      // Released, the waiting move lands (the other transaction changed nothing).
      expect(await waiting).not.toBeNull();
      await expectConsistent(held!.id, 1);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      locker.release();
    }
  });
});
