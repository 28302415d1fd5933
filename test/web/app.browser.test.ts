import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/api.js';
import { seriousAxeViolations } from '../support/page-checks.js';
import { horizontalOverflow, logIn, PHONE, startBrowserApp, type BrowserApp, type BrowserGlobals } from '../support/browser.js';

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
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/INVALID_CREDENTIALS|credentials/i);
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

  it('fits a 375 px wide screen: nothing scrolls sideways', async () => {
    const page = await b.newPage(PHONE);
    await logIn(page, ADMIN.username, ADMIN.password);
    const { scrollWidth } = await horizontalOverflow(page);
    await b.screenshot(page, 'lobby-375px');
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
