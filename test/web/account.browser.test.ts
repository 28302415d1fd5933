import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../support/api.js';
import { logIn, PHONE, horizontalOverflow, startBrowserApp, type BrowserApp, type BrowserGlobals } from '../support/browser.js';
import { logInAnyLanguage, plainEnglishWords } from '../support/account-i18n.js';
import { seriousAxeViolations } from '../support/page-checks.js';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../support/smtp.js';

/**
 * Account care in headless Chromium (web/src/settings/AccountPage.tsx, web/src/app/PasswordResetPages.tsx)
 * against a test server whose workers mail through a real SMTP server (smtp-server): forgot
 * password → mailed link → new password; change password; download my data; log out everywhere;
 * delete the account.
 */
const PASSWORD = 'correct horse battery';
const POLL = { timeout: 15_000 };
let smtp: SmtpReceiver;
let b: BrowserApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  b = await startBrowserApp('account', { config: { ...smtp.config, duePollMs: 200 } });
});
afterAll(async () => {
  await b?.close();
  await smtp?.close();
});

const mailTo = (address: string, subject: string) => smtp.waitForMail(address, subject);
const me = (token: string) => b.t.http.get('/v1/me').set({ Authorization: `Bearer ${token}` });
const sessionToken = (page: Page) => page.evaluate(() => JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('bgs.session') ?? 'null')?.token as string | undefined);

async function verifiedUser(prefix: string) {
  const user = await newUser(b.t, prefix);
  const address = `${user.username}@example.test`.toLowerCase();
  await b.t.http.put('/v1/me/email').set(user.auth).send({ email: address }).expect(200);
  const link = linkIn((await mailTo(address, 'Confirm your e-mail address')).mail, '/v1/email/verify?token=');
  await b.t.http.get(link!).expect(200);
  return { ...user, address };
}

async function openAccount(page: Page, username: string, password = PASSWORD) {
  await logIn(page, username, password);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
}

describe('account care in the browser', () => {
  // Each test drives several pages on a shared, loaded machine: more time than the default minute.
  it('resets a forgotten password through the mailed link, logging in here and out everywhere else', { timeout: 150_000 }, async () => {
    const ann = await verifiedUser('ann_web');
    const page = await b.newPage(PHONE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Username or e-mail address').fill(ann.username);
    await page.getByRole('button', { name: 'Mail me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account' }).waitFor(POLL);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await b.screenshot(page, 'forgot-password');

    const mail = await mailTo(ann.address, 'Choose a new password');
    const link = linkIn(mail.mail, '/reset-password#token=');
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByTestId('whoami').filter({ hasText: ann.username }).waitFor(POLL);
    expect(page.url()).not.toContain('token');
    await me(ann.token).expect(401);
    await me((await sessionToken(page))!).expect(200);
    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New password').fill('another new password');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('alert').filter({ hasText: 'reset link' }).waitFor(POLL);
  });

  it('changes the password (asking the old one) and downloads the data', { timeout: 150_000 }, async () => {
    const bob = await newUser(b.t, 'bob_web');
    const page = await b.newPage();
    await openAccount(page, bob.username);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'not your current password' }).waitFor(POLL);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor(POLL);
    await me(bob.token).expect(401);
    const fresh = (await sessionToken(page))!;
    await me(fresh).expect(200);
    await b.screenshot(page, 'account');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe(`${bob.username}-export.json`);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account.username).toBe(bob.username);
  });

  it('logs out everywhere, then deletes the account after asking the password and a confirmation', { timeout: 150_000 }, async () => {
    const bob = await newUser(b.t, 'cid_web');
    const page = await b.newPage();
    await openAccount(page, bob.username);
    const fresh = (await sessionToken(page))!;
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor(POLL);
    await me(fresh).expect(401);

    await me(bob.token).expect(401);
    await openAccount(page, bob.username);
    await page.getByLabel('Your password, to confirm').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('status').filter({ hasText: 'Your account is deleted' }).waitFor(POLL);
    await b.t.http.post('/v1/auth/login').send({ username: bob.username, password: PASSWORD }).expect(401);
  });
});

describe('account care in other languages', () => {
  it('reads German with ?lang=de: log in, forgot password, the account page and what its actions answer', { timeout: 150_000 }, async () => {
    const dora = await newUser(b.t, 'dora_web');
    const page = await b.newPage();
    await page.goto('/login?lang=de');
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe('de');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort vergessen?', level: 1 }).waitFor();
    await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(dora.username);
    await page.getByRole('button', { name: 'Link zuschicken' }).click();
    await page.getByRole('status').filter({ hasText: 'Wenn ein Konto mit bestätigter E-Mail-Adresse passt' }).waitFor(POLL);
    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();

    // The choice is kept: the log-in page without ?lang= is still German.
    await page.getByLabel('Benutzername', { exact: true }).fill(dora.username);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByTestId('whoami').waitFor(POLL);
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.getByRole('heading', { name: 'Konto', level: 1 }).waitFor();
    await page.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await page.getByLabel('Neues Passwort').fill('ein ganz neues Passwort');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByRole('status').filter({ hasText: 'Dein Passwort ist geändert.' }).waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Meine Daten herunterladen' }).count()).toBe(1);

    await page.getByLabel('Dein Passwort zur Bestätigung').fill('ein ganz neues Passwort');
    await page.getByRole('button', { name: 'Mein Konto löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dein Konto endgültig löschen?' });
    await dialog.getByText('Es gibt keinen Weg zurück.').waitFor();
    await dialog.getByRole('button', { name: 'Mein Konto löschen', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Dein Konto ist gelöscht.' }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
  });

  it('shows no word outside the catalog in the pseudo-locale: log in, register, forgot and reset password, the account page, its dialog and the session-ended notice', { timeout: 150_000 }, async () => {
    const eve = await newUser(b.t, 'eve_web');
    const page = await b.newPage();
    // The check finds English where there is English.
    await page.goto('/login?lang=en');
    await page.locator('input[name="username"]').waitFor();
    expect(await plainEnglishWords(page, [])).toEqual(expect.arrayContaining([expect.stringMatching(/^Username \(label/), expect.stringMatching(/^Forgot \(a/)]));
    await page.goto('/login?lang=pseudo');
    await page.locator('input[name="username"]').waitFor();
    expect(await plainEnglishWords(page, []), 'log-in page').toEqual([]);
    // "Create an account instead": the form turns into the registration form.
    await page.locator('form button[type="button"]').click();
    await page.locator('input[name="password"][autocomplete="new-password"]').waitFor();
    expect(await plainEnglishWords(page, []), 'registration form').toEqual([]);

    await page.goto('/forgot-password');
    await page.locator('input[name="login"]').fill(eve.username);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('status').waitFor(POLL);
    expect(await plainEnglishWords(page, [eve.username]), 'forgot password, answered').toEqual([]);
    await page.goto('/reset-password#token=from-the-mail');
    await page.locator('input[name="new-password"]').waitFor();
    expect(await plainEnglishWords(page, []), 'reset page').toEqual([]);
    await page.goto('/reset-password');
    await page.getByRole('status').waitFor();
    expect(await plainEnglishWords(page, []), 'reset page without its link').toEqual([]);

    await logInAnyLanguage(page, eve.username, PASSWORD, 'pseudo', '/settings/account');
    await page.locator('input[name="current-password"]').fill(PASSWORD);
    await page.locator('input[name="new-password"]').fill('a brand new password');
    await page.locator('input[name="new-password"]').press('Enter');
    await page.getByRole('status').waitFor(POLL);
    expect(await plainEnglishWords(page, [eve.username]), 'account page, password changed').toEqual([]);
    await page.locator('input[name="delete-password"]').fill('a brand new password');
    await page.locator('input[name="delete-password"]').press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await plainEnglishWords(page, [eve.username]), 'delete confirmation').toEqual([]);
    await page.getByRole('dialog').locator('button.btn-secondary').click();

    // The server ends the session (logged out everywhere through the API): the next page says so.
    await b.t.http.post('/v1/me/logout-everywhere').set({ Authorization: `Bearer ${(await sessionToken(page))!}` }).expect(204);
    await page.goto('/');
    await page.getByTestId('session-ended').waitFor(POLL);
    expect(await page.getByTestId('session-ended').getByRole('link').count()).toBe(1);
    expect(await plainEnglishWords(page, [], '[data-testid="session-ended"]'), 'session ended').toEqual([]);
  });
});
