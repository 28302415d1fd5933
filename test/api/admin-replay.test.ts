import { readFileSync } from 'node:fs';
import { startEntry } from '../../src/engine/kernel-log.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { constructionYardGame } from '../../src/games/construction-yard/index.js';
import type { CYState } from '../../src/games/construction-yard/state.js';
import { games } from '../../src/games/index.js';
import { RECORD_FORMAT } from '../../src/services/record.js';
import { setupInputOf, walkLog } from '../../src/services/timeline.js';
import type { EventRecord } from '../../src/store/games.js';
import { visibleLog } from '../../src/engine/log.js';
import { isRuleError, type LogEntry } from '../../src/engine/types.js';
import { loginAdmin, newUser, playFirstLegal, setupInputOfRow, startedToyGame, startTestApp, storedGame, type TestApp } from '../support/api.js';
import { toyGame, type ToyAction, type ToyState } from '../support/toy-game.js';

/** Players' replays of finished games: each seat sees what it saw at the time, spectators the public view. */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ catalog: { ...games, toy: toyGame } });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

async function finishedToyGame() {
  const game = await startedToyGame(t, { rounds: 2 });
  await playFirstLegal(t, game.gameId, [game.alice, game.bob], 4);
  return game;
}

describe('replays', () => {
  it("show each seat its own view after event N, and spectators only the public view: never another seat's hidden cards", async () => {
    const { alice, bob, gameId } = await finishedToyGame();
    const spectator = await newUser(t, 'watcher');
    const { events } = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    let state: ToyState = toyGame.setup({ ...setupInputOfRow(await storedGame(t, gameId)), options: { rounds: 2 } });
    const log: { seq: number; entry: LogEntry }[] = [];
    // Event 1 is the start (no change of state, a line for everyone); the four moves are events 2 to 5.
    for (let at = 0; at <= 5; at++) {
      if (at === 1) {
        expect(events[0]).toMatchObject({ seq: 1, seat: null, kind: 'start' });
        log.push({ seq: 1, entry: startEntry(2) });
      } else if (at > 1) {
        const applied = toyGame.apply(state, events[at - 1].seat, events[at - 1].action as ToyAction);
        if (isRuleError(applied)) throw new Error(applied.code);
        state = applied.state;
        log.push(...applied.log.map((entry) => ({ seq: at, entry })));
      }
      const expected = (seat: number | null) => ({
        gameType: 'toy', at, version: 5, seat, view: toyGame.view(state, seat),
        log: log.flatMap(({ seq, entry }) => visibleLog([entry], seat).map((line) => ({ seq, ...line }))),
      });
      for (const [viewer, seat] of [[alice.auth, 0], [bob.auth, 1], [spectator.auth, null], [{}, null]] as const) {
        const body = (await t.http.get(`/v1/games/${gameId}/replay?at=${at}`).set(viewer).expect(200)).body;
        expect(canonicalJson(body)).toBe(canonicalJson(expected(seat)));
      }
      // The public replay holds no card of any hand: a hand's cards appear in no view or line.
      const pub = (await t.http.get(`/v1/games/${gameId}/replay?at=${at}`).expect(200)).body;
      expect(pub.view.hand).toBeNull();
      const secretLines = log.filter(({ entry }) => entry.visibleTo !== undefined).map(({ entry }) => entry.message);
      for (const secret of secretLines) expect(pub.log.map((line: { message: string }) => line.message)).not.toContain(secret);
      expect(JSON.stringify(pub)).not.toContain('draws');
      if (at === 5) expect(secretLines.length).toBeGreaterThan(0);
    }
    // Bob never reads Alice's draws; the end is the default point.
    const bobsEnd = (await t.http.get(`/v1/games/${gameId}/replay`).set(bob.auth).expect(200)).body;
    expect(bobsEnd.at).toBe(5);
    expect(bobsEnd.log.some((line: { message: string }) => line.message.startsWith('Seat 0 draws'))).toBe(false);
    expect(bobsEnd.log.some((line: { message: string }) => line.message.startsWith('Seat 1 draws'))).toBe(true);
  });

  it('open only once the game is over, and only at events that exist', async () => {
    const { alice, gameId } = await startedToyGame(t);
    expect((await t.http.get(`/v1/games/${gameId}/replay?at=0`).set(alice.auth).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    const finished = (await finishedToyGame()).gameId;
    expect((await t.http.get(`/v1/games/${finished}/replay?at=6`).expect(422)).body.code).toBe('NO_SUCH_VERSION');
    expect((await t.http.get(`/v1/games/${finished}/replay?at=-1`).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.get(`/v1/games/${finished}/replay?at=1`).set({ Authorization: 'Bearer nonsense' }).expect(401)).body.code).toBe('INVALID_TOKEN');
  });
});

describe('replays of a game with secret hands (construction yard)', () => {
  it("equal the engine's views at every point sampled, and a spectator's or another seat's never holds a card of a hand", async () => {
    const fixture = JSON.parse(readFileSync(new URL('../games/construction-yard/fixtures/v2-fixture-three.json', import.meta.url), 'utf8')) as { rulesVersion: number; seats: number; options: unknown; seed: string; actions: { seat: number; action: unknown }[] };
    const players = await Promise.all(Array.from({ length: fixture.seats }, () => newUser(t, 'cy')));
    const record = {
      format: RECORD_FORMAT, type: 'construction-yard', rulesVersion: fixture.rulesVersion, options: fixture.options, seed: fixture.seed,
      seats: players.map((player, seat) => ({ seat, username: player.username, bot: null })),
      events: fixture.actions.map(({ seat, action }, index) => ({ seq: index + 1, seat, action })),
    };
    const { id } = (await t.http.post('/v1/admin/games/import').set(admin).send(record).expect(201)).body;
    const events = fixture.actions.map(({ seat, action }, index) => ({ seq: index + 1, seat, action, kind: 'action', undoesSeq: null, actorId: null, log: [], irreversible: false, createdAt: new Date(0) }) as EventRecord);
    const last = events.length;
    for (const at of [0, 1, 7, 40, Math.floor(last / 2), last - 1, last]) {
      const state = walkLog(constructionYardGame, setupInputOf({ seatCount: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion: fixture.rulesVersion }), events.slice(0, at)).state as CYState;
      const spectator = (await t.http.get(`/v1/games/${id}/replay?at=${at}`).expect(200)).body;
      expect(canonicalJson(spectator.view)).toBe(canonicalJson(constructionYardGame.view(state, null)));
      const spectatorText = JSON.stringify(spectator);
      for (const card of state.hands.flat()) expect(spectatorText).not.toContain(`"${card}"`);
      for (const [seat, player] of players.entries()) {
        const own = (await t.http.get(`/v1/games/${id}/replay?at=${at}`).set(player.auth).expect(200)).body;
        expect(own.seat).toBe(seat);
        expect(canonicalJson(own.view)).toBe(canonicalJson(constructionYardGame.view(state, seat)));
        const text = JSON.stringify(own);
        // The check can see card ids at all: a seat's own cards do show.
        if (state.hands[seat]!.length > 0) expect(text).toContain(`"${state.hands[seat]![0]}"`);
        for (const [other, hand] of state.hands.entries()) {
          if (other === seat) continue;
          for (const card of hand) if (!state.hands[seat]!.includes(card)) expect(text).not.toContain(`"${card}"`);
        }
      }
    }
  }, 60_000);
});
