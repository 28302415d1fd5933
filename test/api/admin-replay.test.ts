import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { visibleLog } from '../../src/engine/log.js';
import { isRuleError, type LogEntry } from '../../src/engine/types.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { toyGame, type ToyAction, type ToyState } from '../support/toy-game.js';

/** Players' replays of finished games: each seat sees what it saw at the time, spectators the public view. */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

async function finishedToyGame() {
  const game = await startedToyGame(t, { rounds: 2 });
  const players = [game.alice, game.bob];
  for (let move = 0; move < 4; move++) {
    const player = players[move % 2]!;
    const { actions } = (await t.http.get(`/v1/games/${game.gameId}/legal-actions`).set(player.auth).expect(200)).body;
    await t.http.post(`/v1/games/${game.gameId}/actions`).set(player.auth).send({ action: actions[0] }).expect(201);
  }
  return game;
}

describe('replays', () => {
  it("show each seat its own view after event N, and spectators only the public view: never another seat's hidden cards", async () => {
    const { alice, bob, gameId } = await finishedToyGame();
    const spectator = await newUser(t, 'watcher');
    const { events, seed } = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    let state: ToyState = toyGame.setup({ seats: 2, options: { rounds: 2 }, seed });
    const log: { seq: number; entry: LogEntry }[] = [];
    for (let at = 0; at <= 4; at++) {
      if (at > 0) {
        const applied = toyGame.apply(state, events[at - 1].seat, events[at - 1].action as ToyAction);
        if (isRuleError(applied)) throw new Error(applied.code);
        state = applied.state;
        log.push(...applied.log.map((entry) => ({ seq: at, entry })));
      }
      const expected = (seat: number | null) => ({
        at, version: 4, seat, view: toyGame.view(state, seat),
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
      if (at === 4) expect(secretLines.length).toBeGreaterThan(0);
    }
    // Bob never reads Alice's draws; the end is the default point.
    const bobsEnd = (await t.http.get(`/v1/games/${gameId}/replay`).set(bob.auth).expect(200)).body;
    expect(bobsEnd.at).toBe(4);
    expect(bobsEnd.log.some((line: { message: string }) => line.message.startsWith('Seat 0 draws'))).toBe(false);
    expect(bobsEnd.log.some((line: { message: string }) => line.message.startsWith('Seat 1 draws'))).toBe(true);
  });

  it('open only once the game is over, and only at events that exist', async () => {
    const { alice, gameId } = await startedToyGame(t);
    expect((await t.http.get(`/v1/games/${gameId}/replay?at=0`).set(alice.auth).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    const finished = (await finishedToyGame()).gameId;
    expect((await t.http.get(`/v1/games/${finished}/replay?at=5`).expect(422)).body.code).toBe('NO_SUCH_VERSION');
    expect((await t.http.get(`/v1/games/${finished}/replay?at=-1`).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.get(`/v1/games/${finished}/replay?at=1`).set({ Authorization: 'Bearer nonsense' }).expect(401)).body.code).toBe('INVALID_TOKEN');
  });
});
