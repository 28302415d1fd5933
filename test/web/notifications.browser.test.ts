import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
// @ts-expect-error -- http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) → Buffer
import ece from 'http_ece';
import type { Page } from 'playwright-core';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../support/api.js';
import { logIn, PHONE, horizontalOverflow, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { logInAnyLanguage, plainEnglishWords } from '../support/account-i18n.js';
import { seriousAxeViolations } from '../support/page-checks.js';
import { PUBLIC_URL, startSmtpReceiver, type SmtpReceiver } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';

/**
 * "Notify me" (/settings/notifications, web/src/settings/) in headless Chromium, against a test
 * server with a real SMTP server (smtp-server) and a local HTTP server standing in for the push
 * service. What it cannot cover: headless Chromium has no push service, so its real
 * `pushManager.subscribe()` always fails ("Registration failed - permission denied"); one test
 * checks the page says so. The push round trip replaces only that browser call: an init script
 * gives PushManager a subscription whose endpoint is the local push service and whose keys the test
 * holds; the page stores it through the API, the server encrypts its push to it, the test decrypts
 * it and hands it to the registered service worker with the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's push service would. A notification click
 * (which needs a person's click on the system's notification) is not covered.
 */

const PASSWORD = 'correct horse battery';
/** How long a page may take to show what the server answered (the test machine is shared and slow at times). */
const POLL = { timeout: 15_000 };
const vapid = webPush.generateVAPIDKeys();
const pushed: { path: string; body: Buffer }[] = [];
let smtp: SmtpReceiver;
let pushService: Server;
let pushOrigin = '';
let b: BrowserApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushed.push({ path: request.url!, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as { port: number }).port}`;
  b = await startBrowserApp('notifications', {
    config: {
      ...smtp.config,
      vapid: { ...vapid, subject: 'mailto:ops@example.test' }, webhookAllowPrivate: true, pushAllowHttp: true, duePollMs: 200,
    },
  });
});
afterAll(async () => {
  await b?.close();
  await smtp?.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

const preferences = async (auth: { Authorization: string }) => (await b.t.http.get('/v1/me/notifications').set(auth).expect(200)).body as { email: string | null; emailVerified: boolean; emailMode: string; digestHours: number; timeZone: string | null };
const subscriptions = async (auth: { Authorization: string }) => (await b.t.http.get('/v1/me/push-subscriptions').set(auth).expect(200)).body as { id: string; endpoint: string }[];

async function openSettings(page: Page, username: string): Promise<void> {
  await logIn(page, username, PASSWORD);
  await page.getByRole('link', { name: 'Notifications' }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
}

/** The service worker's registration id and the notifications it shows, through the DevTools protocol and the page. */
async function workerOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const registrationId = await waitFor(async () => registrations.find((entry) => !entry.isDeleted && entry.scopeURL === `${b.baseUrl}/`)?.registrationId, 10_000, 'the service worker registration');
  return {
    deliver: (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: b.baseUrl, registrationId, data }),
    notifications: () => page.evaluate(async () => {
      const registration = await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<{ getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> }> } } }).navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data }));
    }),
  };
}

describe('notification settings in the browser', () => {
  it('sets, verifies and removes the e-mail address and changes how often mail comes; the server keeps what the page shows', async () => {
    const ann = await newUser(b.t, 'ann');
    const page = await b.newPage();
    await openSettings(page, ann.username);
    await expect.poll(() => page.getByTestId('email-status').textContent(), POLL).toMatch(/No address yet/);

    const address = `${ann.username}@example.test`;
    await page.getByLabel('E-mail address').fill(address);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText(`Saved. We mailed a link to ${address}`).waitFor();
    await expect.poll(() => page.getByTestId('email-status').textContent(), POLL).toContain(`${address} is not verified yet`);
    expect(await preferences(ann.auth)).toMatchObject({ email: address, emailVerified: false });

    // The link of the verification mail (on PUBLIC_URL) followed on the test server, then the page shows it verified.
    const { mail } = await smtp.waitForMail(address, 'Confirm your e-mail address', 15_000);
    const link = new URL(/https?:\/\/\S+\/v1\/email\/verify\?token=[\w.-]+/.exec(mail.text ?? '')![0]);
    expect(link.origin).toBe(PUBLIC_URL);
    await b.t.http.get(`${link.pathname}${link.search}`).expect(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('email-status').textContent(), POLL).toBe(`${address} is verified: notification mail goes there.`);
    expect(await page.getByLabel('Each time it is my turn', { exact: false }).isChecked()).toBe(true);

    await page.getByLabel('A digest', { exact: false }).check();
    await page.getByLabel('Hours between digests').fill('6');
    // Where ann lives, for the times in her mails: none saved yet; the zones are the IANA names.
    expect(await preferences(ann.auth)).toMatchObject({ timeZone: null });
    await page.getByLabel('My time zone').selectOption('Europe/Paris');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Your mail preferences are saved.').waitFor();
    expect(await preferences(ann.auth)).toMatchObject({ emailMode: 'digest', digestHours: 6, emailVerified: true, timeZone: 'Europe/Paris' });
    await expect.poll(() => page.getByText('Deadlines in mails are given in this zone.').count(), POLL).toBe(1);
    expect(await seriousAxeViolations(page), 'settings page').toEqual([]);
    await b.screenshot(page, 'settings-desktop');

    // A refusal is shown in words: 0 hours (the field's own limit bypassed, as a stale form would send).
    await page.getByLabel('Hours between digests').evaluate((input) => input.removeAttribute('min'));
    await page.getByLabel('Hours between digests').fill('0');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), POLL).toMatch(/^Those notification settings are not possible\..*1 to 168/);
    expect(await preferences(ann.auth)).toMatchObject({ emailMode: 'digest', digestHours: 6 });

    await page.getByLabel('Never').check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(async () => (await preferences(ann.auth)).emailMode, POLL).toBe('never');

    await page.getByRole('button', { name: 'Remove the address' }).click();
    await expect.poll(() => page.getByTestId('email-status').textContent(), POLL).toMatch(/No address yet/);
    expect(await preferences(ann.auth)).toMatchObject({ email: null, emailVerified: false });

    const phone = await b.newPage(PHONE);
    await openSettings(phone, ann.username);
    await phone.getByTestId('push-status').filter({ hasNotText: 'Checking' }).waitFor();
    expect((await horizontalOverflow(phone)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(phone), 'settings page at 375 px').toEqual([]);
    await b.screenshot(phone, 'settings-phone');
  });

  it('registers the service worker; a push of the server\'s own (decrypted) message is shown as a notification linking to the game; turning it off removes the subscription', async () => {
    const bob = await newUser(b.t, 'bob');
    const alice = await newUser(b.t, 'alice');
    // This browser's subscription: its endpoint is the local push service, its keys are the test's (see the file's comment).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${pushOrigin}/push/bob-browser`;
    const page = await b.newPage();
    await page.context().grantPermissions(['notifications'], { origin: b.baseUrl });
    await page.addInitScript({
      content: `(() => {
        const json = ${JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } })};
        let current = null;
        globalThis.__unsubscribed = 0;
        PushManager.prototype.subscribe = async function (options) {
          current = { endpoint: json.endpoint, expirationTime: null, options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey.buffer },
            toJSON: () => json, unsubscribe: async () => { current = null; globalThis.__unsubscribed++; return true; } };
          return current;
        };
        PushManager.prototype.getSubscription = async function () { return current; };
      })();`,
    });
    await openSettings(page, bob.username);
    await expect.poll(() => page.getByTestId('push-status').textContent(), POLL).toBe('This browser is not notified of your turns.');
    // The page registered the app's worker at /sw.js for the whole site, and it is active.
    expect(await page.evaluate(async () => {
      const registration = await (globalThis as unknown as { navigator: { serviceWorker: { getRegistration(scope: string): Promise<{ scope: string; active: { scriptURL: string } | null } | undefined> } } }).navigator.serviceWorker.getRegistration('/');
      return { scope: registration?.scope, script: registration?.active?.scriptURL };
    })).toEqual({ scope: `${b.baseUrl}/`, script: `${b.baseUrl}/sw.js` });

    await page.getByRole('button', { name: 'Notify me in this browser' }).click();
    await expect.poll(() => page.getByTestId('push-status').textContent(), POLL).toBe('This browser is notified when it is your turn and when a deadline is near.');
    const [stored] = await subscriptions(bob.auth);
    expect(stored?.endpoint).toBe(endpoint);

    // Bob's turn comes: the server pushes to the subscription the page stored.
    const { body: game } = await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 } }).expect(201);
    await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await b.t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const push = await waitFor(async () => pushed.find((entry) => entry.path === '/push/bob-browser'), 15_000, 'the push to bob\'s browser');
    const message = (ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }) as Buffer).toString('utf8');
    expect(JSON.parse(message)).toMatchObject({ kind: 'your_turn', title: 'Your turn', url: `${PUBLIC_URL}/games/${game.id}` });

    // Delivered to the service worker as the browser's push service would: it shows the notification, linking to the game on this site.
    const worker = await workerOf(page);
    // A push service delivers again what was not taken; so does this (a clean CI run once saw the first delivery dropped).
    // The notifications share a tag, so a second delivery replaces the first instead of adding one.
    let polls = 0;
    const shown = await waitFor(async () => {
      const notifications = await worker.notifications();
      if (notifications.length > 0) return notifications;
      // waitFor polls every 100 ms: a delivery now and every 2 s after.
      if (polls++ % 20 === 0) await worker.deliver(message);
      return undefined;
    }, 10_000, 'the notification');
    expect(shown).toEqual([{ title: 'Your turn', body: `High card (test game) with ${alice.username}, ${bob.username} is waiting for your move.`, tag: 'your_turn', data: { url: `${b.baseUrl}/games/${game.id}`, kind: 'your_turn' } }]);

    await page.getByRole('button', { name: 'Stop notifying this browser' }).click();
    await expect.poll(() => page.getByTestId('push-status').textContent(), POLL).toBe('This browser is not notified of your turns.');
    expect(await subscriptions(bob.auth)).toEqual([]);
    expect(await page.evaluate(() => (globalThis as unknown as { __unsubscribed: number }).__unsubscribed)).toBe(1);
  });

  it('says clearly why push cannot be turned on: notifications blocked, or no push service in this (headless) browser', async () => {
    const cleo = await newUser(b.t, 'cleo');
    // Headless Chromium answers a permission request "denied".
    const blocked = await b.newPage();
    await openSettings(blocked, cleo.username);
    await blocked.getByRole('button', { name: 'Notify me in this browser' }).click();
    await expect.poll(() => blocked.getByTestId('push-problem').textContent(), POLL).toMatch(/^Notifications are blocked for this site in your browser\. Allow them in the site settings/);

    // Allowed, but the real pushManager.subscribe() has no push service to reach.
    const allowed = await b.newPage();
    await allowed.context().grantPermissions(['notifications'], { origin: b.baseUrl });
    await openSettings(allowed, cleo.username);
    await allowed.getByRole('button', { name: 'Notify me in this browser' }).click();
    await expect.poll(() => allowed.getByTestId('push-problem').textContent(), POLL).toMatch(/^Your browser could not subscribe to its push service \(AbortError: .+\)\. .*e-mail notifications still work\.$/);
    expect(await allowed.getByTestId('push-status').textContent()).toBe('This browser is not notified of your turns.');
    expect(await subscriptions(cleo.auth)).toEqual([]);
    expect(await seriousAxeViolations(allowed), 'settings page with a push problem').toEqual([]);
  });
});

describe('notification settings in other languages', () => {
  /** A push subscription of another browser of `auth`'s account, stored through the API. */
  async function otherBrowser(auth: { Authorization: string }, name: string) {
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const { body } = await b.t.http.post('/v1/me/push-subscriptions').set(auth)
      .send({ endpoint: `${pushOrigin}/push/${name}`, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } }).expect(201);
    return body as { id: string; createdAt: string };
  }

  it('reads German with ?lang=de: e-mail address and mode saved, push state, another browser listed since a German date', { timeout: 120_000 }, async () => {
    const dana = await newUser(b.t, 'dana');
    const stored = await otherBrowser(dana.auth, 'dana-phone');
    const page = await b.newPage();
    await logInAnyLanguage(page, dana.username, PASSWORD, 'de');
    await page.getByRole('link', { name: 'Benachrichtigungen' }).click();
    await page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('email-status').textContent(), POLL).toBe('Noch keine Adresse: Mails gehen nur an eine Adresse, die du bestätigt hast.');
    const address = `${dana.username}@example.test`;
    await page.getByLabel('E-Mail-Adresse').fill(address);
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await page.getByText(`Gespeichert. Wir haben einen Link an ${address} geschickt: Folge ihm, um die Adresse zu bestätigen.`).waitFor(POLL);
    await page.getByLabel('Eine Zusammenfassung', { exact: false }).check();
    await page.getByLabel('Stunden zwischen Zusammenfassungen').fill('12');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Deine Mail-Einstellungen sind gespeichert.').waitFor(POLL);
    expect(await preferences(dana.auth)).toMatchObject({ email: address, emailMode: 'digest', digestHours: 12 });

    await expect.poll(() => page.getByTestId('push-status').textContent(), POLL).toBe('Dieser Browser wird nicht benachrichtigt, wenn du am Zug bist.');
    expect(await page.getByRole('button', { name: 'In diesem Browser benachrichtigen' }).count()).toBe(1);
    // The other browser, since the day its subscription was stored, written the German way (28.11.2026).
    const since = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(stored.createdAt));
    expect(since).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const host = new URL(pushOrigin).host;
    await page.getByTestId('other-browsers').getByText(`Über ${host}, seit ${since}`).waitFor();
    await page.getByRole('button', { name: `Benachrichtigungen an den Browser über ${host} seit ${since} beenden` }).click();
    await page.getByTestId('other-browsers').waitFor({ state: 'detached', ...POLL });
    expect(await subscriptions(dana.auth)).toEqual([]);
  });

  it('shows no word outside the catalog in the pseudo-locale: e-mail, digest, time zone, push state and problem, other browsers', { timeout: 120_000 }, async () => {
    const finn = await newUser(b.t, 'finn');
    const address = `${finn.username}@example.test`;
    await b.t.http.put('/v1/me/email').set(finn.auth).send({ email: address }).expect(200);
    await otherBrowser(finn.auth, 'finn-phone');
    const page = await b.newPage();
    await logInAnyLanguage(page, finn.username, PASSWORD, 'pseudo', '/settings/notifications');
    await page.getByTestId('other-browsers').waitFor(POLL);
    await page.getByTestId('email-status').waitFor(POLL);
    await page.locator('input[name="emailMode"][value="digest"]').check();
    const allowed = [finn.username, address, new URL(pushOrigin).host];
    expect(await plainEnglishWords(page, allowed), 'notifications page').toEqual([]);
    // Headless Chromium answers the permission request "denied": the problem is said in words too.
    await page.locator('section[aria-labelledby="push-heading"] > button').click();
    await page.getByTestId('push-problem').waitFor(POLL);
    expect(await plainEnglishWords(page, allowed), 'notifications page with a push problem').toEqual([]);
    await page.locator('form button[type="submit"]').nth(1).click();
    await expect.poll(async () => (await preferences(finn.auth)).emailMode, POLL).toBe('digest');
    await page.locator('.notice-ok').waitFor(POLL);
    expect(await plainEnglishWords(page, allowed), 'notifications page, preferences saved').toEqual([]);
  });
});
