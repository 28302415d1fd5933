import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { LANGUAGE_NAMES } from '../../src/shared/i18n/index.js';
import { ADMIN, loginAdmin, newUser } from '../support/api.js';
import { horizontalOverflow, PHONE, SCREENSHOT_DIR, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { layoutProblems } from '../support/layout-checks.js';
import { movesByApi, pageAs } from '../support/play-browser.js';
import { plainWords } from '../support/plain-words.js';

/**
 * Players in their own language (issue 40), in a real browser:
 * - every page type in the pseudo-locale (?lang=pseudo: every catalog word accented) shows no plain
 *   English word: a word that is not accented did not come from the catalog;
 * - every page type in German fits a 375 px phone (nothing wider than the screen, no text cut off),
 *   with a screenshot each (test-output/screenshots/de-<page>-375px.png);
 * - the language picker: Deutsch picked stays picked (this browser and the account), and a browser
 *   that asks for German gets German without picking.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('i18n', { catalog: games });
}, 120_000);
afterAll(async () => b?.close());

type User = Awaited<ReturnType<typeof newUser>>;
let alice: User;
let bob: User;
let admin: { token: string; id: string; username: string };
const gameIds: Record<string, string> = {};
let openId = '';
let finishedId = '';

beforeAll(async () => {
  alice = await newUser(b.t, 'alice');
  bob = await newUser(b.t, 'bob');
  for (const type of Object.keys(games)) {
    const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
    await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await movesByApi(b.t, game.id, [alice, bob], 12);
    gameIds[type] = game.id;
  }
  // A game waiting for its second player (the seats panel), and a finished one (result, replay, profile, leaderboard).
  openId = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'guild-town', seats: 2 }).expect(201)).body.id;
  const finished = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'construction-yard', seats: 2 }).expect(201)).body;
  await b.t.http.post(`/v1/games/${finished.id}/join`).set(bob.auth).send({}).expect(200);
  await movesByApi(b.t, finished.id, [alice, bob], Infinity);
  finishedId = finished.id;
  const adminAuth = await loginAdmin(b.t);
  const me = (await b.t.http.get('/v1/me').set(adminAuth).expect(200)).body;
  admin = { token: adminAuth.Authorization.slice('Bearer '.length), id: me.id, username: ADMIN.username };
}, 240_000);

/** A page of `as` (alice, the admin, or nobody) at `viewport`. */
async function open(as: 'alice' | 'admin' | null, viewport?: { width: number; height: number }): Promise<Page> {
  if (as === 'alice') return pageAs(b, alice, viewport);
  const page = await pageAs(b, null, viewport);
  if (as === 'admin') {
    await page.goto('/login');
    await page.evaluate((session) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('bgs.session', JSON.stringify(session)), {
      token: admin.token,
      user: { id: admin.id, username: admin.username, role: 'admin' },
    });
  }
  return page;
}

/** `path` with `?lang=` (kept with the path's own query). */
const withLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

// What shows a page has loaded, in no language's words (the pages are read in pseudo and German).
const h1 = (page: Page) => page.locator('main h1').first().waitFor();
const gameLog = (page: Page) => page.getByTestId('game-log').locator('li').first().waitFor();

type PageType = { slug: string; path: () => string; as: 'alice' | 'admin' | null; ready: (page: Page) => Promise<unknown> };
const pageTypes: PageType[] = [
  { slug: 'lobby', path: () => '/', as: 'alice', ready: (page) => page.locator(`a[href="/games/${gameIds.urbanization}"]`).first().waitFor() },
  { slug: 'lobby-visitor', path: () => '/', as: null, ready: (page) => page.locator('.games-offered li').first().waitFor() },
  { slug: 'create-game', path: () => '/games/new', as: 'alice', ready: (page) => page.locator('main form select').first().waitFor() },
  { slug: 'open-game', path: () => `/games/${openId}`, as: 'alice', ready: (page) => page.locator('.seats li').first().waitFor() },
  ...Object.keys(games).map((type): PageType => ({ slug: `game-${type}`, path: () => `/games/${gameIds[type]}`, as: 'alice', ready: gameLog })),
  { slug: 'game-spectator', path: () => `/games/${gameIds['guild-town']}`, as: null, ready: gameLog },
  { slug: 'game-finished', path: () => `/games/${finishedId}`, as: 'alice', ready: (page) => page.getByTestId('final-scoring').waitFor() },
  { slug: 'replay', path: () => `/games/${finishedId}/replay?at=3`, as: 'alice', ready: (page) => page.getByTestId('replay-event').waitFor() },
  { slug: 'leaderboard', path: () => '/leaderboard', as: 'alice', ready: (page) => page.locator('main table').waitFor() },
  { slug: 'profile', path: () => `/players/${alice.username}`, as: 'alice', ready: (page) => page.locator('main table').waitFor() },
  { slug: 'not-found', path: () => '/no-such-page', as: null, ready: h1 },
  { slug: 'login', path: () => '/login', as: null, ready: (page) => page.locator('input[name=username]').waitFor() },
  { slug: 'forgot-password', path: () => '/forgot-password', as: null, ready: (page) => page.locator('input[name=login]').waitFor() },
  { slug: 'reset-password', path: () => '/reset-password?token=not-a-real-token', as: null, ready: h1 },
  { slug: 'account-settings', path: () => '/settings/account', as: 'alice', ready: h1 },
  { slug: 'notification-settings', path: () => '/settings/notifications', as: 'alice', ready: h1 },
  { slug: 'admin-games', path: () => '/admin/games', as: 'admin', ready: (page) => page.locator(`a[href="/admin/games/${finishedId}"]`).first().waitFor() },
  { slug: 'admin-game', path: () => `/admin/games/${finishedId}`, as: 'admin', ready: (page) => page.locator('[data-testid="state-panel"][data-ready="true"]').waitFor() },
  { slug: 'admin-accounts', path: () => '/admin/users', as: 'admin', ready: h1 },
];

/**
 * Words a page may show unaccented in the pseudo-locale beside Intl's English date words (plainWords
 * takes those out): the language picker names each language in its own language (LANGUAGE_NAMES), never translated.
 */
const LANGUAGE_WORDS = Object.values(LANGUAGE_NAMES);

/**
 * Everything a person may read or hear on the page: the rendered text (screen-reader-only text too),
 * the options of selects, SVG titles, the tab's title, and the aria-label, title, placeholder and
 * alt attributes. Raw JSON and code the admin pages show (<pre>, <code>: a game state's keys) are
 * data, answered apart to be taken out of the text.
 */
async function shownTexts(page: Page): Promise<{ texts: string[]; data: string[]; outsideGames: string }> {
  return page.evaluate((games) => {
    type El = { innerText: string; textContent: string | null; getAttribute(name: string): string | null; closest(selector: string): El | null };
    type Clone = { querySelectorAll(s: string): ArrayLike<{ remove(): void }> };
    type Walker = { nextNode(): { nodeValue: string | null } | null };
    const doc = (globalThis as unknown as { document: { body: El & { cloneNode(deep: true): Clone }; title: string; querySelectorAll(s: string): ArrayLike<El>; createTreeWalker(root: Clone, show: number): Walker } }).document;
    // For the report only: the text outside what each game's own words fill (boards, log lines, action buttons).
    const clone = doc.body.cloneNode(true);
    for (const element of Array.from(clone.querySelectorAll(games))) element.remove();
    const data = Array.from(doc.querySelectorAll('pre, code')).map((element) => element.innerText);
    // The page's text without its data: pre and code hidden while it is read (taking their text out of
    // the whole afterwards missed pretty-printed JSON, whose line breaks read differently inside the page).
    const dataElements = Array.from(doc.querySelectorAll('pre, code')) as unknown as { style: { display: string } }[];
    const displays = dataElements.map((element) => element.style.display);
    for (const element of dataElements) element.style.display = 'none';
    const texts: string[] = [doc.title, doc.body.innerText];
    dataElements.forEach((element, index) => (element.style.display = displays[index]!));
    for (const element of Array.from(doc.querySelectorAll('option, svg title'))) if (!element.closest('pre, code')) texts.push(element.textContent ?? '');
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      for (const element of Array.from(doc.querySelectorAll(`[${name}]`))) if (!element.closest('pre, code')) texts.push(element.getAttribute(name) ?? '');
    }
    // Text node by text node, so that words of neighbouring elements stay apart.
    const walker = doc.createTreeWalker(clone, 4 /* NodeFilter.SHOW_TEXT */);
    const outside: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) outside.push(node.nodeValue ?? '');
    return { texts, data, outsideGames: outside.join(' ') };
  }, GAMES_OWN);
}

/** What each game's own words fill (web/src/games/<type>/, the games' catalog namespaces), told apart in the report. */
const GAMES_OWN = '.play-board, [data-testid=game-log], [data-testid=legal-actions], [data-testid=final-scoring], .games-offered, pre, code';

describe('the pseudo-locale: every word a page shows comes from the catalog', () => {
  for (const { slug, path: pathOf, as, ready } of pageTypes) {
    it(`${slug}: no unaccented English word`, { timeout: 120_000 }, async () => {
      const page = await open(as);
      await page.goto(withLang(pathOf(), 'pseudo'));
      await ready(page);
      // Live parts (clocks, lists read after the first paint) settle.
      await page.waitForTimeout(500);
      const shown = await shownTexts(page);
      const known = [alice.username, bob.username, ADMIN.username];
      const allowed = [...shown.data, ...known, ...LANGUAGE_WORDS];
      const words = plainWords(shown.texts, allowed);
      const outside = plainWords(shown.outsideGames, allowed);
      console.log(`[i18n pseudo] ${slug}: ${words.length ? words.join(' ') : 'all words from the catalog'}\n  outside the games' boards, logs and actions: ${outside.length ? outside.join(' ') : 'none'}`);
      await page.context().close();
      expect(words, `${slug} shows words not taken from the catalog`).toEqual([]);
    });
  }
});

describe('German on a 375 px phone', () => {
  for (const { slug, path: pathOf, as, ready } of pageTypes) {
    it(`${slug}: nothing wider than the screen, no text cut off`, { timeout: 120_000 }, async () => {
      const page = await open(as, PHONE);
      await page.goto(withLang(pathOf(), 'de'));
      await ready(page);
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe('de');
      const path = join(SCREENSHOT_DIR, `de-${slug}-375px.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`[screenshot] ${path}`);
      const problems: string[] = [];
      const { scrollWidth, viewport } = await horizontalOverflow(page);
      if (scrollWidth > viewport) problems.push(`the page is ${scrollWidth} px wide on a ${viewport} px screen`);
      for (const problem of await layoutProblems(page)) if (problem.startsWith('cut') || problem.startsWith('overflow')) problems.push(problem);
      await page.context().close();
      expect(problems, slug).toEqual([]);
    });
  }
});

describe('the language picker', () => {
  const html = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang);

  it('Deutsch picked with the keyboard: the page reads German, and still after a reload', { timeout: 60_000 }, async () => {
    const page = await open('alice');
    await page.goto('/');
    const picker = page.getByRole('group', { name: 'Language' });
    await picker.getByRole('button', { name: 'English' }).waitFor();
    expect(await picker.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await picker.getByRole('button', { name: 'Deutsch' }).focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { name: 'Deine Spiele' }).waitFor();
    expect(await html(page)).toBe('de');
    expect(await page.getByRole('navigation').innerText()).toContain('Neues Spiel');
    expect(await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: 'Deine Spiele' }).waitFor();
    expect(await html(page)).toBe('de');
    await page.context().close();
  });

  it('logged in, the choice is kept on the account, and another browser follows it after logging in', { timeout: 60_000 }, async () => {
    const carol = await newUser(b.t, 'carol');
    const page = await pageAs(b, carol);
    await page.goto('/');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Deutsch' }).click()]);
    await page.getByRole('heading', { name: 'Deine Spiele' }).waitFor();
    await expect.poll(async () => (await b.t.http.get('/v1/me').set(carol.auth)).body.language).toBe('de');
    // Her other browser (English so far) turns German once it sees the account's language.
    const other = await pageAs(b, carol);
    await other.goto('/');
    await other.getByRole('heading', { name: 'Deine Spiele' }).waitFor({ timeout: 20_000 });
    expect(await html(other)).toBe('de');
    await page.context().close();
    await other.context().close();
  });

  it('a new visitor whose browser asks for German gets German without picking', { timeout: 60_000 }, async () => {
    const context = await b.browser.newContext({ baseURL: b.baseUrl, viewport: PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('.games-offered li').first().waitFor();
    expect(await html(page)).toBe('de');
    expect(await page.locator('main').innerText()).toContain('Brettspiele in deinem eigenen Tempo');
    expect(await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
