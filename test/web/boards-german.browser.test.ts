import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { translator, type MessageArgs, type MessageKey } from '../../src/shared/i18n/index.js';
import { startedGame } from '../support/api.js';
import { startBrowserApp, type BrowserApp } from '../support/browser.js';
import { movesByApi, pageAs, waitForVersion } from '../support/play-browser.js';
import { plainWords } from '../support/plain-words.js';

/**
 * Every game's board in the reader's language (issue 40), a dozen moves into a two-player game: in
 * German (`?lang=de`) the board's panels, its cards and the action buttons say the German catalog's
 * words; in the pseudo-locale (`?lang=pseudo`, every catalog word accented) neither the board nor the
 * buttons (their text, tooltips and aria-labels) show a plain English word, so every word there came
 * from the catalog. Screenshots test-output/screenshots/boards-german-<type>-<lang>.png.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('boards-german', { catalog: games });
});
afterAll(async () => b?.close());

const german = translator('de');
/** A German message by its full key (`urbanization.term.factory.7`). */
const de = { t: (key: string, args?: MessageArgs): string => german.t(key as MessageKey, args) };
type Action = { type: string; [field: string]: unknown };
type View = Record<string, unknown>;

/** The German words the board must show for what is on the table now: card names of the view. */
function germanCards(type: string, view: View): string[] {
  if (type === 'urbanization') {
    const display = view.display as { card: number | null }[];
    return display.filter((slot) => slot.card !== null).map((slot) => de.t(`urbanization.term.factory.${slot.card}`));
  }
  const yard = view.yard as { building: { type: string } | null }[];
  const money = view.moneyDisplay as { currency: string; value: number }[];
  return [
    ...yard.filter((slot) => slot.building !== null).map((slot) => de.t(`construction-yard.term.building.${slot.building!.type}`)),
    ...money.map((card) => de.t(`construction-yard.term.money.${card.currency}.${card.value}`)),
  ];
}

/** The German label of the legal actions whose button words this test knows how to make. */
function germanButton(type: string, action: Action, view: View): string | null {
  const t = (key: string, args?: Record<string, string | number>) => de.t(`${type}.${key}`, args);
  if (type === 'urbanization') {
    switch (action.type) {
      case 'pass':
        return t('action.pass');
      case 'done':
        return t('action.done');
      case 'place':
      case 'movePrice':
      case 'swapPrice':
        return t(`action.${action.type}`, { territory: action.territory as number });
      case 'hire':
        return t('action.hire', { character: t(`term.character.${action.character}`), effect: t(`action.effect.${action.character}`) });
      default:
        return null;
    }
  }
  switch (action.type) {
    case 'pass':
      return t('action.pass');
    case 'cancel':
      return t('action.cancel');
    case 'takeMoney': {
      const slots = action.slots as number[];
      if (slots.length !== 1) return null;
      const card = (view.moneyDisplay as { currency: string; value: number }[])[slots[0]!]!;
      return t('action.take', { money: t(`term.money.${card.currency}.${card.value}`) });
    }
    default:
      return null;
  }
}

describe('urbanization and construction yard boards in German and in the pseudo-locale', () => {
  for (const type of ['urbanization', 'construction-yard'] as const) {
    it(`${type}: German card names and buttons; no plain English word in the pseudo-locale`, { timeout: 180_000 }, async () => {
      const { alice, bob, gameId } = await startedGame(b.t, type, { moves: 12 });
      const players = [alice, bob];
      const state = (await b.t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200)).body;
      const seat = state.activeSeats[0] as number;
      const player = players[seat]!;
      const { view } = (await b.t.http.get(`/v1/games/${gameId}`).set(player.auth).expect(200)).body;
      const legal = (await b.t.http.get(`/v1/games/${gameId}/legal-actions`).set(player.auth).expect(200)).body.actions as Action[];
      const names = players.map((user) => user.username);
      const boardName = { urbanization: 'board.territories', 'construction-yard': 'board.yard' }[type];

      // German: the board's main panel by its German name, the cards on the table by their German names,
      // the action buttons in German words.
      const page = await pageAs(b, player);
      await page.goto(`/games/${gameId}?lang=de`);
      await waitForVersion(page, state.version);
      await page.getByRole('region', { name: de.t(`${type}.${boardName}`), exact: true }).waitFor();
      const board = await page.locator('.board').innerText();
      for (const name of germanCards(type, view)) expect(board, `${type}: the German name ${name}`).toContain(name);
      const buttons = legal.map((action) => germanButton(type, action, view)).filter((label): label is string => label !== null);
      expect(buttons.length, `${type}: a legal action whose German words the test knows (${legal.map((a) => a.type).join(', ')})`).toBeGreaterThan(0);
      for (const label of new Set(buttons)) await expect.poll(() => page.getByTestId('legal-actions').getByRole('button', { name: label, exact: true }).count()).toBeGreaterThan(0);
      await b.screenshot(page, `${type}-de`);
      await page.context().close();

      // The pseudo-locale: nothing on the board or the buttons (their headings included) that did not come from the catalog.
      const pseudo = await pageAs(b, player);
      await pseudo.goto(`/games/${gameId}?lang=pseudo`);
      await waitForVersion(pseudo, state.version);
      await pseudo.getByTestId('legal-actions').waitFor();
      const shown = `${await pseudo.locator('.board').innerText()}\n${await pseudo.getByTestId('legal-actions').innerText()}`;
      const labels = await pseudo.locator('.board [aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
      expect(plainWords([shown, ...labels], names), `${type} in the pseudo-locale`).toEqual([]);
      await b.screenshot(pseudo, `${type}-pseudo`);
      await pseudo.context().close();
    });
  }
});

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

describe('guild town and milestone city boards in German and in the pseudo-locale', () => {
  it('show German names and buttons in German, and no plain English word in the pseudo-locale', { timeout: 240_000 }, async () => {
    for (const [type, board] of Object.entries(BOARDS)) {
      const { alice, bob, gameId } = await startedGame(b.t, type, { moves: 12 });
      // Then on to a turn of Alice's, so that her buttons show.
      for (let move = 0; move < 40; move++) {
        const legal = (await b.t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200)).body.actions as unknown[];
        if (legal.length > 0) break;
        await movesByApi(b.t, gameId, [alice, bob], 1);
      }
      const version = (await b.t.http.get(`/v1/games/${gameId}`)).body.version;
      const names = [alice.username, bob.username];

      const page = await pageAs(b, alice);
      await page.goto(`/games/${gameId}?lang=de`);
      await waitForVersion(page, version);
      await page.getByRole('region', { name: board.de, exact: true }).waitFor();
      await b.screenshot(page, `${type}-de`);
      const german = await boardWords(page);
      for (const word of board.german) expect(german, `${type} in German`).toMatch(word);
      // Its buttons are German too: none of the English button words.
      const buttons = await page.getByTestId('legal-actions').innerText();
      expect(buttons.length, `${type}: buttons shown`).toBeGreaterThan(0);
      expect(buttons, `${type} buttons in German`).not.toMatch(/\b(?:Send a helper|Keep my cards|Play|Take the|Exchange|Develop|Draw a|Done|Pass)\b/);

      await page.goto(`/games/${gameId}?lang=pseudo`);
      await waitForVersion(page, version);
      await page.locator('.board section').first().waitFor();
      await b.screenshot(page, `${type}-pseudo`);
      const pseudo = await boardWords(page);
      expect(pseudo, `${type} drawn in the pseudo-locale`).toMatch(/[áéíöû]/);
      expect(plainWords(pseudo, names), `${type}: plain English words in the pseudo-locale`).toEqual([]);
      await page.context().close();
    }
  });
});
