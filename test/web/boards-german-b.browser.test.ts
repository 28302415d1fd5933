import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { newUser } from '../support/api.js';
import { startBrowserApp, type BrowserApp } from '../support/browser.js';
import { movesByApi, pageAs, waitForVersion } from '../support/play-browser.js';

/**
 * Guild town's and milestone city's boards in German and in the pseudo-locale (a dozen moves into a
 * 2-player game, as its first player sees it): German names and buttons in German; in the
 * pseudo-locale (every catalog word accented) no plain English word on the board or its buttons,
 * in their text, tooltips or aria-labels. Screenshots test-output/screenshots/boards-german-b-<type>-<lang>.png.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('boards-german-b', { catalog: games });
});
afterAll(async () => b?.close());

/** Each game's main board panel, by language, and words its German board and buttons must show. */
const BOARDS: Record<string, { de: string; german: RegExp[] }> = {
  'guild-town': { de: 'Gildentafel', german: [/Bankiers/, /Rathaus/, /Lagerhaus/, /Schiff 1/, /Jahreszeit/, /Punkte?\b/] },
  'milestone-city': { de: 'Stadt', german: [/Stadtkasse/, /Zufriedenheit/, /Spielplanteile/, /Nachziehstapel/, /Meilenstein/] },
};

/** The board's and the action buttons' words: their text, and their tooltips and aria-labels. */
async function boardWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ innerText?: string; textContent: string | null; getAttribute(a: string): string | null; querySelectorAll(s: string): ArrayLike<{ getAttribute(a: string): string | null }> }> } }).document;
    const parts: string[] = [];
    for (const root of Array.from(doc.querySelectorAll('.board, [data-testid=legal-actions]'))) {
      parts.push(root.innerText ?? root.textContent ?? '');
      for (const element of Array.from(root.querySelectorAll('[title], [aria-label]'))) parts.push(element.getAttribute('title') ?? '', element.getAttribute('aria-label') ?? '');
    }
    return parts.join('\n');
  });
}

/** Plain (unaccented) words of two letters or more: English that did not come from the catalog. */
const plainWords = (text: string): string[] => [...new Set(text.match(/(?<![\p{L}])[A-Za-z]{2,}(?![\p{L}])/gu) ?? [])];

describe('guild town and milestone city boards in German and in the pseudo-locale', () => {
  it('show German names and buttons in German, and no plain English word in the pseudo-locale', { timeout: 240_000 }, async () => {
    for (const [type, board] of Object.entries(BOARDS)) {
      const alice = await newUser(b.t, 'alice');
      const bob = await newUser(b.t, 'bob');
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      await movesByApi(b.t, game.id, [alice, bob], 12);
      // Then on to a turn of Alice's, so that her buttons show.
      for (let move = 0; move < 40; move++) {
        const legal = (await b.t.http.get(`/v1/games/${game.id}/legal-actions`).set(alice.auth).expect(200)).body.actions as unknown[];
        if (legal.length > 0) break;
        await movesByApi(b.t, game.id, [alice, bob], 1);
      }
      const version = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
      const names = [alice.username, bob.username];

      const page = await pageAs(b, alice);
      await page.goto(`/games/${game.id}?lang=de`);
      await waitForVersion(page, version);
      await page.getByRole('region', { name: board.de, exact: true }).waitFor();
      await b.screenshot(page, `${type}-de`);
      const german = await boardWords(page);
      for (const word of board.german) expect(german, `${type} in German`).toMatch(word);
      // Its buttons are German too: none of the English button words.
      const buttons = await page.getByTestId('legal-actions').innerText();
      expect(buttons.length, `${type}: buttons shown`).toBeGreaterThan(0);
      expect(buttons, `${type} buttons in German`).not.toMatch(/\b(?:Send a helper|Keep my cards|Play|Take the|Exchange|Develop|Draw a|Done|Pass)\b/);

      await page.goto(`/games/${game.id}?lang=pseudo`);
      await waitForVersion(page, version);
      await page.locator('.board section').first().waitFor();
      await b.screenshot(page, `${type}-pseudo`);
      let pseudo = await boardWords(page);
      // Player names are shown as they are; "(you)" after one's own is the name helper's (web/src/games/names.tsx, not this board's).
      for (const name of names) pseudo = pseudo.replaceAll(`${name} (you)`, ' ').replaceAll(name, ' ');
      expect(pseudo, `${type} drawn in the pseudo-locale`).toMatch(/[áéíöû]/);
      expect(plainWords(pseudo), `${type}: plain English words in the pseudo-locale`).toEqual([]);
      await page.context().close();
    }
  });
});
