import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { createTokenService } from '../../src/auth/tokens.js';
import { ADMIN, loginAdmin, newUser, testConfig } from '../support/api.js';
import { DESKTOP, horizontalOverflow, logIn, PHONE, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { hiddenSideways } from '../support/layout-checks.js';
import { BOARD_TARGETS, seriousAxeViolations } from '../support/page-checks.js';
import { movesByApi, pageAs, waitForVersion, type TestUser } from '../support/play-browser.js';

/**
 * What a Board Game Arena regular expects of the play pages (issue 37): focus you can see on every
 * board target and kept on the next decision after a move, the turn in the tab's title, a session
 * the server ended said in words, every page type fitting a phone with no serious axe-core finding.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('finished-play', { catalog: games });
});
afterAll(async () => b?.close());

/** What the page shows after a live update or a load: waited for, on a loaded machine. */
const POLL = { timeout: 20_000 };

type User = TestUser & { auth: { Authorization: string } };

async function twoPlayerGame(type: string, options?: Record<string, unknown>): Promise<{ id: string; players: User[] }> {
  const alice = await newUser(b.t, 'alice');
  const bob = await newUser(b.t, 'bob');
  const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2, options }).expect(201)).body;
  await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
  return { id: game.id, players: [alice, bob] };
}

/** The page of the seat to act now, showing the game's current version. */
async function activePage(gameId: string, players: User[]): Promise<{ page: Page; version: number; seat: number }> {
  const game = (await b.t.http.get(`/v1/games/${gameId}`).expect(200)).body;
  const seat = game.activeSeats[0] as number;
  const page = await pageAs(b, players[seat]!);
  await page.goto(`/games/${gameId}`);
  await waitForVersion(page, game.version);
  await page.locator('[data-testid=legal-actions] button:not([disabled])').first().waitFor();
  return { page, version: game.version, seat };
}

/** The element that has the focus, as its tag and label ("BODY" when the focus fell to the page). */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    return active ? `${active.tagName}${active.getAttribute('aria-label') ? ` "${active.getAttribute('aria-label')}"` : ''} ${String(active.textContent).slice(0, 60)}` : 'none';
  });

describe('keyboard focus', () => {
  it('is visible on every board target of every game: the focused target is drawn differently from the unfocused one', { timeout: 240_000 }, async () => {
    for (const type of Object.keys(games)) {
      const { id, players } = await twoPlayerGame(type);
      // Moves by the API until the seat to act has targets on its board.
      let checked = 0;
      for (let move = 0; move < 40 && checked === 0; move++) {
        const { page } = await activePage(id, players);
        if ((await page.locator(BOARD_TARGETS).count()) > 0) {
          // A key press first: the browser then shows focus as for keyboard users (:focus-visible).
          await page.keyboard.press('Tab');
          const looks = await page.evaluate(
            (selector) => {
              // What an element's focus ring consists of: its outline and the stroke of the shape it draws.
              const lookOf = (element: any) => {
                const style = (globalThis as any).getComputedStyle(element);
                const shape = element.querySelector('polygon, rect, circle, path');
                const drawn = shape ? (globalThis as any).getComputedStyle(shape) : null;
                return [style.outlineStyle, style.outlineWidth, style.outlineColor, drawn?.stroke, drawn?.strokeWidth].join(' ');
              };
              // Only what is drawn (a control the layout hides at this width is no target here).
              const targets = [...(globalThis as any).document.querySelectorAll(selector)].filter((element: any) => element.getClientRects().length > 0);
              const unfocused = targets.map((element) => lookOf(element));
              return targets.map((element, i) => {
                element.focus();
                return { label: element.getAttribute('aria-label') ?? element.textContent, unfocused: unfocused[i], focused: lookOf(element), hasFocus: (globalThis as any).document.activeElement === element };
              });
            },
            BOARD_TARGETS,
          );
          for (const look of looks) {
            expect(look.hasFocus, `${type}: ${look.label} takes the focus`).toBe(true);
            expect(look.focused, `${type}: ${look.label} looks the same focused and unfocused`).not.toBe(look.unfocused);
          }
          checked = looks.length;
        }
        await page.context().close();
        if (checked === 0) await movesByApi(b.t, id, players, 1);
      }
      expect(checked, `${type}: a turn with targets on the board`).toBeGreaterThan(0);
    }
  });

  it('moves to the next decision after a move made with a button or on the board, and the move is announced', { timeout: 120_000 }, async () => {
    const { id, players } = await twoPlayerGame('urbanization');
    // A legal-action button pressed with the mouse: it is disabled while the move is sent, so the
    // focus would fall to the page.
    {
      const { page, version } = await activePage(id, players);
      await page.locator('[data-testid=legal-actions] button:not([disabled])').first().click();
      await waitForVersion(page, version + 1);
      await page.waitForFunction(() => (globalThis as any).document.activeElement?.closest('.play-actions, .turn-line') != null, null, { timeout: 15_000 }).catch(() => {});
      expect(await focusedElement(page), 'focus after a button').toMatch(/^(BUTTON|H2|DIV)/);
      await expect.poll(() => page.getByTestId('announcer').innerText(), POLL).toMatch(/^Done: .+\.$/);
      await page.context().close();
    }
    // A target on the board played with Enter.
    for (let move = 0; move < 40; move++) {
      const { page, version } = await activePage(id, players);
      if ((await page.locator(BOARD_TARGETS).count()) === 0) {
        await page.context().close();
        await movesByApi(b.t, id, players, 1);
        continue;
      }
      await page.locator(BOARD_TARGETS).first().focus();
      await page.keyboard.press('Enter');
      await waitForVersion(page, version + 1);
      await page.waitForFunction(() => (globalThis as any).document.activeElement?.closest('.play-actions, .turn-line') != null, null, { timeout: 15_000 }).catch(() => {});
      expect(await focusedElement(page), 'focus after Enter on the board').toMatch(/^(BUTTON|H2|DIV)/);
      await page.context().close();
      return;
    }
    throw new Error('no turn with a target on the board in 40 moves');
  });
});

describe('the tab title', () => {
  it('says whose turn it is, the game and its players, after the number of games waiting for you; the lobby shows the number', { timeout: 120_000 }, async () => {
    const { id, players } = await twoPlayerGame('guild-town');
    const [alice, bob] = players as [User, User];
    // A second game where Alice is to move, so two games wait for her.
    const other = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'construction-yard', seats: 2 }).expect(201)).body;
    await b.t.http.post(`/v1/games/${other.id}/join`).set(bob.auth).send({}).expect(200);
    for (const gameId of [id, other.id]) {
      const game = (await b.t.http.get(`/v1/games/${gameId}`)).body;
      if (game.activeSeats[0] !== 0) await movesByApi(b.t, gameId, players, 1);
      expect((await b.t.http.get(`/v1/games/${gameId}`)).body.activeSeats).toEqual([0]);
    }
    const names = `${alice.username}, ${bob.username}`;
    const page = await pageAs(b, alice);
    await page.goto(`/games/${id}`);
    await expect.poll(() => page.title(), POLL).toBe(`(2) Your turn — Guild town with ${names}`);
    await page.goto('/');
    await expect.poll(() => page.title(), POLL).toBe('(2) Lobby — Board games');
    // Bob waits in both games: no count, the player to move named.
    const watcher = await pageAs(b, bob);
    await watcher.goto(`/games/${id}`);
    await expect.poll(() => watcher.title(), POLL).toBe(`Waiting for ${alice.username} — Guild town with ${names}`);
    await page.context().close();
    await watcher.context().close();
  });
});

describe('a session the server ended', () => {
  it('expired: the game page says so and its log-in link comes back to the game, seated again', { timeout: 120_000 }, async () => {
    const { id, players } = await twoPlayerGame('construction-yard');
    const alice = players[0]!;
    // A real login token of Alice's that lives one second (signed as the server signs them).
    const config = testConfig();
    const shortLived = await createTokenService(config.jwtSecret, config.jwtIssuer, 1).issue({ userId: alice.id, username: alice.username, role: 'player' });
    await expect.poll(async () => (await b.t.http.get('/v1/me').set({ Authorization: `Bearer ${shortLived}` })).status, { timeout: 10_000 }).toBe(401);
    const page = await pageAs(b, { ...alice, token: shortLived });
    await page.goto(`/games/${id}`);
    const notice = page.getByTestId('session-ended');
    await expect.poll(() => notice.innerText(), POLL).toContain('Your session has expired');
    await notice.getByRole('link', { name: 'Log in again' }).click();
    await page.getByLabel('Username').fill(alice.username);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`**/games/${id}`);
    await expect.poll(() => page.getByTestId('game-page').innerText(), POLL).toContain(`You play as ${alice.username}`);
    expect(await page.getByTestId('session-ended').count()).toBe(0);
    await page.context().close();
  });

  it('disabled by an admin: the page says so on opening, not after a failed move', { timeout: 60_000 }, async () => {
    const dora = await newUser(b.t, 'dora');
    const page = await pageAs(b, dora);
    await page.goto('/');
    await page.getByTestId('whoami').waitFor();
    await b.t.http.post(`/v1/admin/users/${dora.id}/disable`).set(await loginAdmin(b.t)).expect(200);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('session-ended').innerText(), POLL).toContain('An administrator has disabled your account');
    expect(await page.getByTestId('whoami').count()).toBe(0);
    await page.context().close();
  });
});

describe('every page type on a phone and a desktop', () => {
  // Games mid-play of each type, a finished one, and each page type with what shows it has loaded.
  let alice: User;
  const gameIds: Record<string, string> = {};
  let finishedId = '';
  beforeAll(async () => {
    alice = await newUser(b.t, 'alice');
    const bob = await newUser(b.t, 'bob');
    for (const type of Object.keys(games)) {
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      await movesByApi(b.t, game.id, [alice, bob], 12);
      gameIds[type] = game.id;
    }
    const finished = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'construction-yard', seats: 2 }).expect(201)).body;
    await b.t.http.post(`/v1/games/${finished.id}/join`).set(bob.auth).send({}).expect(200);
    await movesByApi(b.t, finished.id, [alice, bob], Infinity);
    finishedId = finished.id;
  }, 240_000);

  type PageType = { name: string; path: () => string; as: 'alice' | 'admin' | null; ready: (page: Page) => Promise<unknown> };
  const pageTypes: PageType[] = [
    { name: 'the lobby', path: () => '/', as: 'alice', ready: (page) => page.locator(`a[href="/games/${gameIds.urbanization}"]`).first().waitFor() },
    { name: 'a new game', path: () => '/games/new', as: 'alice', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    ...Object.keys(games).map((type): PageType => ({ name: `a ${type} game`, path: () => `/games/${gameIds[type]}`, as: 'alice', ready: (page) => page.getByTestId('game-log').locator('li').first().waitFor() })),
    { name: 'a replay', path: () => `/games/${finishedId}/replay`, as: 'alice', ready: (page) => page.getByTestId('replay-page').waitFor() },
    { name: 'the leaderboard', path: () => '/leaderboard', as: 'alice', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'a profile', path: () => `/players/${alice.username}`, as: 'alice', ready: (page) => page.getByRole('heading', { level: 1, name: alice.username }).waitFor() },
    { name: 'the notification settings', path: () => '/settings/notifications', as: 'alice', ready: (page) => page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor() },
    { name: 'the login page', path: () => '/login', as: null, ready: (page) => page.getByLabel('Username').waitFor() },
    { name: 'the admin game search', path: () => '/admin/games', as: 'admin', ready: (page) => page.locator(`a[href="/admin/games/${finishedId}"]`).first().waitFor() },
    { name: 'the admin game inspector (time travel)', path: () => `/admin/games/${finishedId}`, as: 'admin', ready: (page) => page.locator('[data-testid="state-panel"][data-ready="true"]').waitFor() },
    { name: 'the admin accounts', path: () => '/admin/users', as: 'admin', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  ];
  for (const { name, path: pathOf, as, ready } of pageTypes) {
    it(`${name}: at 375 px nothing wider than the screen or hidden to the side (maps fit, tables stack), at 1280 px no list cut, no serious axe-core finding`, { timeout: 180_000 }, async () => {
      const path = pathOf();
      const problems: string[] = [];
      for (const viewport of [PHONE, DESKTOP]) {
        const page = as === 'alice' ? await pageAs(b, alice, viewport) : await b.newPage(viewport);
        if (as === 'admin') await logIn(page, ADMIN.username, ADMIN.password, path);
        else await page.goto(path);
        await ready(page);
        const where = `${viewport.width} px`;
        if (viewport === PHONE) {
          const { scrollWidth } = await horizontalOverflow(page);
          if (scrollWidth > PHONE.width) problems.push(`${where}: the page is ${scrollWidth} px wide`);
        }
        if (/^\/games\/[0-9a-f-]{36}$/.test(path)) await b.screenshot(page, `${name.replace(/\W+/g, '-')}-${viewport.width}`);
        for (const hidden of await hiddenSideways(page)) problems.push(`${where}: ${hidden}`);
        for (const violation of await seriousAxeViolations(page)) problems.push(`${where}: axe ${violation.id} (${violation.impact}) at ${violation.targets.join(', ')}`);
        await page.context().close();
      }
      expect(problems).toEqual([]);
    });
  }
});
