import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KERNEL_LOG_KEYS } from '../../src/engine/kernel-log.js';
import { games } from '../../src/games/index.js';
import { LOG_KEYS } from '../../src/games/log-keys.js';
import { MESSAGES } from '../../src/shared/i18n/index.js';
import { startTestApp, type TestApp } from '../support/api.js';

/**
 * GET /v1/game-types/{type}/log-keys: what a third-party client needs to show log lines in any
 * language: every key of the game (its own table and the server's kernel lines), each argument's
 * kind, the catalog's English and German words, the game's terms and rule sentences.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false, catalog: games });
});
afterAll(async () => t?.close());

const catalog = (language: 'en' | 'de') => MESSAGES[language] as Record<string, string>;

describe('log keys of a game type', () => {
  it('lists every key of every served game with its arguments and its English and German words', async () => {
    const types = (await t.http.get('/v1/game-types').expect(200)).body.map((type: { id: string }) => type.id) as string[];
    expect(types).toEqual(expect.arrayContaining(Object.keys(LOG_KEYS)));
    for (const type of Object.keys(LOG_KEYS)) {
      const response = await t.http.get(`/v1/game-types/${type}/log-keys`).expect(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const body = response.body;
      expect(body).toMatchObject({ type, languages: ['en', 'de'], format: 'ICU MessageFormat' });
      const expected: Record<string, Record<string, string>> = { ...LOG_KEYS[type], ...KERNEL_LOG_KEYS };
      expect(body.keys.map((entry: { key: string }) => entry.key).sort()).toEqual(Object.keys(expected).sort());
      for (const entry of body.keys as { key: string; catalogKey: string; args: Record<string, string>; messages: Record<string, string> }[]) {
        expect(entry.args, entry.key).toEqual(expected[entry.key]);
        expect(entry.catalogKey).toBe(entry.key.startsWith('kernel.') ? `common.${entry.key}` : `${type}.log.${entry.key}`);
        expect(entry.messages).toEqual({ en: catalog('en')[entry.catalogKey] ?? '', de: catalog('de')[entry.catalogKey] ?? '' });
        if (entry.key.startsWith('kernel.')) expect(entry.messages.de, entry.key).not.toBe('');
      }
      const terms = Object.keys(catalog('en')).filter((key) => key.startsWith(`${type}.term.`));
      expect(body.terms.map((term: { catalogKey: string }) => term.catalogKey)).toEqual(terms.sort());
      for (const term of body.terms) expect(term.messages).toEqual({ en: catalog('en')[term.catalogKey], de: catalog('de')[term.catalogKey] });
      expect(body.rules.map((rule: { catalogKey: string }) => rule.catalogKey)).toEqual(Object.keys(catalog('en')).filter((key) => key.startsWith(`${type}.rule.`)).sort());
      expect(Object.keys(body.argumentKinds).sort()).toEqual(['entry', 'number', 'seat', 'seats', 'term', 'terms', 'text']);
    }
  });

  it('answers the server lines in German, e.g. the take-back naming the move', async () => {
    const body = (await t.http.get('/v1/game-types/urbanization/log-keys').expect(200)).body;
    const undo = body.keys.find((entry: { key: string }) => entry.key === 'kernel.undo');
    expect(undo).toMatchObject({ args: { seat: 'seat', entry: 'entry', after: 'number' } });
    expect(undo.messages.de).toContain('nimmt den Zug „{entry}“ zurück');
  });

  it('answers 404 for a type this server does not serve, never an inherited property', async () => {
    for (const type of ['chess', 'constructor', '__proto__', 'toString']) {
      expect((await t.http.get(`/v1/game-types/${type}/log-keys`).expect(404)).body.code).toBe('NOT_FOUND');
    }
  });
});
