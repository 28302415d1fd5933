import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KERNEL_LOG_KEYS } from '../../src/engine/kernel-log.js';
import { MESSAGES, renderLogEntry, translator, type KeyedLogEntry } from '../../src/shared/i18n/index.js';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';

/**
 * The server's own log lines (not an engine's) carry `kernel.*` keys and their arguments beside
 * their English words, through the API: a game played with a take-back and a resignation.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('kernel log lines', () => {
  it('a start, a take-back (naming the move it takes back) and a resignation carry their keys and arguments', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const undone = await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(201);
    const undoLine = { message: 'Seat 0 takes back their move: passes.', key: 'kernel.undo', args: { seat: { seat: 0 }, entry: { entry: { message: 'Seat 0 passes.' } }, after: 0 } };
    expect(undone.body.log).toEqual([expect.objectContaining(undoLine)]);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/resign`).set(bob.auth).expect(200);

    const log = (await t.http.get(`/v1/games/${gameId}/log`).set(alice.auth).expect(200)).body.events as { kind: string; log: KeyedLogEntry[] }[];
    const byKind = (kind: string) => log.filter((event) => event.kind === kind).flatMap((event) => event.log);
    expect(byKind('start')).toEqual([{ message: 'The game starts with 2 players.', key: 'kernel.start', args: { players: 2 } }]);
    expect(byKind('undo')).toEqual([expect.objectContaining(undoLine)]);
    expect(byKind('resign')).toEqual([{ message: expect.stringMatching(/^Seat 1 resigns; a bot \(\w+\) plays on for them\.$/), key: 'kernel.resign', args: { seat: { seat: 1 } } }]);
    // The engine's lines stay as they were: the toy game writes no keys.
    expect(byKind('action')[0]).toEqual({ message: 'Seat 0 passes.' });

    // Every kernel line renders from its key in every language, the take-back naming the move.
    const names = [alice.username, bob.username];
    for (const entry of [...byKind('start'), ...byKind('undo'), ...byKind('resign')]) {
      expect(Object.keys(KERNEL_LOG_KEYS)).toContain(entry.key);
      for (const locale of ['en', 'de', 'pseudo'] as const) expect(renderLogEntry(translator(locale), 'toy', entry, names)).toMatch(/^[^{}]+$/);
    }
    const de = translator('de');
    expect(renderLogEntry(de, 'toy', byKind('undo')[0]!, names)).toBe(`${alice.username} nimmt den Zug „Seat 0 passes“ zurück.`);
    expect(renderLogEntry(de, 'toy', byKind('resign')[0]!, names)).toBe(`${bob.username} gibt auf; ab jetzt spielt ein Bot weiter.`);
    expect(renderLogEntry(translator('en'), 'toy', byKind('start')[0]!, names)).toBe('The game starts with 2 players.');
  });

  it('every kernel key has its words in English and German, with the arguments it declares', () => {
    for (const [key, args] of Object.entries(KERNEL_LOG_KEYS)) {
      for (const messages of [MESSAGES.en, MESSAGES.de] as Record<string, string>[]) {
        const message = messages[`common.${key}`];
        expect(message, key).toBeDefined();
        const used = new Set([...message!.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]));
        expect([...used].sort(), key).toEqual(Object.keys(args).sort());
      }
    }
  });
});
