import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/api.js';
import { playRandomGame } from '../support/random-play.js';
import { seriousAxeViolations } from '../support/page-checks.js';
import { horizontalOverflow, logIn, PHONE, startBrowserApp, type BrowserApp, type BrowserGlobals } from '../support/browser.js';
import { waitFor } from '../support/wait.js';

/** The app shell in a real browser: it loads under its CSP, logs in, routes deep links, fits a phone. */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('app');
});
afterAll(async () => b?.close());

describe('the web app shell', () => {
  it('loads with no CSP refusal or script error, registers, logs out and in again with the keyboard', async () => {
    const page = await b.newPage();
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => void problems.push(error.message));
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await seriousAxeViolations(page), 'login page').toEqual([]);
    await page.getByRole('button', { name: 'Create an account instead' }).click();
    await page.getByLabel('Username').fill('web_player_1');
    await page.getByLabel('Password').fill('correct horse battery');
    await b.screenshot(page, 'register');
    // Enter in the form submits it (a real <form> with a submit <button>).
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByTestId('whoami').textContent()).toBe('web_player_1');
    expect(new URL(page.url()).pathname).toBe('/');
    // The start page says what the site is and which games it has.
    await page.getByRole('heading', { name: 'Board games, played at your own pace' }).waitFor();
    for (const title of ['Urbanization', 'Construction yard', 'Guild town', 'Milestone city']) await page.getByText(title, { exact: true }).first().waitFor();
    expect(await seriousAxeViolations(page), 'lobby').toEqual([]);
    // The token is kept: a reload stays logged in, and the API accepts it.
    await page.reload();
    await page.getByTestId('whoami').waitFor();
    const me = await page.evaluate(async () => {
      const token = JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('bgs.session')!).token as string;
      return (await (await fetch('/v1/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as { username: string };
    });
    expect(me.username).toBe('web_player_1');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a refused login as an alert with its code', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong username or password.');
  });

  it('sends a deep link to an admin page through the login and back; shows admins the admin navigation', async () => {
    const page = await b.newPage();
    await page.goto('/admin/games');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/games');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/games');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin: games' }).waitFor();
  });

  it('shows a game type\'s leaderboard and a player\'s profile with ratings, results and replays, as the API has them', async () => {
    const game = await playRandomGame(b.t, { type: 'toy', seats: 2, options: { rounds: 3 }, seed: 5, prefix: 'rated' });
    expect(game.status).toBe('finished');
    // A finished game is rated by the due-work worker, a moment after its last move.
    const board = await waitFor(async () => {
      const { body } = await b.t.http.get('/v1/game-types/toy/leaderboard').expect(200);
      return body.items.length >= game.players.length ? body : undefined;
    }, 15_000, 'the game to be rated');
    expect(board.items.map((row: { username: string }) => row.username).sort()).toEqual(game.players.map((player) => player.username).sort());
    const page = await b.newPage();
    await page.goto('/leaderboard/toy');
    const table = page.getByRole('region', { name: 'Players by rating table' });
    for (const row of board.items) await table.getByRole('row', { name: new RegExp(`^${row.rank} ${row.username} ${Math.round(row.rating)} ${row.games}$`) }).waitFor();
    expect(await seriousAxeViolations(page), 'leaderboard').toEqual([]);
    await b.screenshot(page, 'leaderboard');

    const [first] = board.items;
    await table.getByRole('link', { name: first.username }).click();
    await page.getByRole('heading', { name: first.username, level: 1 }).waitFor();
    const profile = (await b.t.http.get(`/v1/users/${first.username}/profile`).expect(200)).body;
    const recent = page.getByRole('region', { name: 'Recent games table' });
    await recent.getByRole('link', { name: 'Replay' }).first().waitFor();
    expect(await recent.locator('tbody tr').count()).toBe(profile.recentGames.length);
    const [played] = profile.recentGames;
    expect(await recent.locator('tbody tr').first().textContent()).toContain(`${played.won ? 'Won' : 'Lost'} (place ${played.place})`);
    expect(await page.getByText(`after ${profile.ratings[0].games} rated game`).textContent()).toContain(String(Math.round(profile.ratings[0].rating)));
    expect(await seriousAxeViolations(page), 'profile').toEqual([]);
    await b.screenshot(page, 'profile');
  });

  it('fits a 375 px wide screen: nothing scrolls sideways', async () => {
    const page = await b.newPage(PHONE);
    await logIn(page, ADMIN.username, ADMIN.password);
    const { scrollWidth } = await horizontalOverflow(page);
    await b.screenshot(page, 'lobby-375px');
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
