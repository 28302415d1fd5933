import type { Page } from 'playwright-core';
import type { BrowserApp } from './browser.js';
import type { TestApp } from './api.js';

/**
 * Helpers of the player pages' browser tests (test/web/play*.browser.test.ts): sessions without
 * the login form, the game page's state as the page shows it, and playing by clicking buttons.
 */

export interface TestUser {
  token: string;
  id: string;
  username: string;
}

/** A page already logged in as `user` (the session the login page would store). */
export async function pageAs(b: BrowserApp, user: TestUser | null, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await b.newPage(viewport);
  if (user) {
    await page.goto('/login');
    await page.evaluate((session) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('bgs.session', JSON.stringify(session)), {
      token: user.token,
      user: { id: user.id, username: user.username, role: 'player' },
    });
  }
  return page;
}

/** The version and status the game page shows (its data-version / data-status). */
export async function shownGame(page: Page): Promise<{ version: number; status: string }> {
  const element = page.getByTestId('game-page');
  return { version: Number(await element.getAttribute('data-version')), status: (await element.getAttribute('data-status')) ?? '' };
}

/** Waits until the game page shows at least this version (through its live updates: no reload). */
export async function waitForVersion(page: Page, version: number): Promise<void> {
  try {
    await page.waitForFunction(
      (v) => Number((globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid=game-page]')?.getAttribute('data-version')) >= v,
      version,
      { timeout: 30_000, polling: 50 },
    );
  } catch (failure) {
    // What the page shows instead (an error box, an older version) is what explains the failure.
    const shown = (await page.locator('main').innerText().catch(() => '(no main element)')).slice(0, 600);
    throw new Error(`the page did not reach version ${version}; it shows: ${shown}`, { cause: failure });
  }
}

/** What the page offers now: 'act' (enabled legal-action buttons), 'finished', or null (waiting). */
async function pageState(page: Page): Promise<'act' | 'finished' | null> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null; querySelectorAll(s: string): { length: number } } }).document;
    const game = doc.querySelector('[data-testid=game-page]');
    if (game?.getAttribute('data-status') === 'finished') return 'finished';
    return doc.querySelectorAll('[data-testid=legal-actions] button:not([disabled])').length > 0 ? 'act' : null;
  });
}

/** A small deterministic generator: the same buttons are clicked on every run. */
export function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

/**
 * Plays the pages' seats by clicking one of the enabled legal-action buttons of whichever page
 * offers some (chosen by `pick`), until the game is over. After each click every page must show
 * the new version by itself (live updates). Answers the number of clicks.
 */
export async function playByClicking(
  t: TestApp,
  gameId: string,
  pages: Page[],
  pick: (n: number) => number,
  maxClicks = 2000,
  /** Called on a page that may act, before a button is clicked: answers true when it made the move itself (by keyboard on the board). */
  beforeClick?: (page: Page, clicks: number) => Promise<boolean>,
): Promise<number> {
  let clicks = 0;
  for (;;) {
    const game = (await t.http.get(`/v1/games/${gameId}`)).body as { version: number; status: string };
    if (game.status === 'finished') {
      for (const page of pages) await page.getByTestId('result').waitFor({ timeout: 30_000 });
      return clicks;
    }
    let acted = false;
    for (const page of pages) {
      await waitForVersion(page, game.version);
      if ((await pageState(page)) !== 'act') continue;
      if (beforeClick && (await beforeClick(page, clicks))) {
        clicks++;
        acted = true;
        await waitForVersion(page, game.version + 1);
        break;
      }
      const buttons = page.locator('[data-testid=legal-actions] button:not([disabled])');
      const count = await buttons.count();
      if (count === 0) continue;
      await buttons.nth(pick(count)).click();
      clicks++;
      if (clicks > maxClicks) throw new Error(`no end after ${maxClicks} clicks`);
      acted = true;
      // The click's answer is in when the page shows a newer version (or an error it could not act on).
      await waitForVersion(page, game.version + 1);
      break;
    }
    // Nobody could act: a bot or the server's due work is moving; wait for the next version.
    if (!acted) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Moves through the API (each seat's first legal action): see playFirstLegal. */
export { playFirstLegal as movesByApi } from './api.js';
