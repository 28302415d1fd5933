import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { verifyRecord } from '../../src/services/record.js';
import { sendDueMail, type MailSettings } from '../../src/services/notifications.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { linkIn, PUBLIC_URL, startSmtpReceiver, testMailer, type SmtpReceiver } from '../support/smtp.js';
import { toyGame } from '../support/toy-game.js';
import { waitFor } from '../support/wait.js';

/**
 * Account care (services/account-care.ts, issue 35): password reset by mail against a real SMTP
 * server (smtp-server, parsed with mailparser), password change, "log out everywhere" across two
 * server processes, deletion and export; REST and GraphQL.
 */
const PASSWORD = 'correct horse battery';
let smtp: SmtpReceiver;
let t: TestApp;
let mailConfig: Partial<Config>;
let mailer: MailSettings;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailConfig = smtp.config;
  // No workers: mail leaves when a test drains the outbox, so what is pending is under the test's control.
  t = await startTestApp({ workers: false, config: mailConfig });
  mailer = testMailer(smtp);
});
afterAll(async () => {
  mailer?.transport?.close();
  await t?.close();
  await smtp?.close();
});

const drain = async () => {
  while (await sendDueMail(t.app.services, mailer));
};
const mailsTo = (address: string) => smtp.mailsTo(address);
const resetsOf = async (userId: string) => (await t.sql.query('SELECT id, token_hash FROM password_resets WHERE user_id = $1', [userId])).rows;

/** A person with a verified address (the verification link followed). */
async function verifiedUser(prefix: string) {
  const user = await newUser(t, prefix);
  const address = `${user.username}@example.test`.toLowerCase();
  await t.http.put('/v1/me/email').set(user.auth).send({ email: address }).expect(200);
  await drain();
  await t.http.get(linkIn(mailsTo(address)[0]!.mail, '/v1/email/verify?token=')!).expect(200);
  smtp.forget(address);
  return { ...user, address };
}

/** Asks for a reset of `login` and waits for its mail to `address`; answers the token of its link. */
async function resetTokenFor(login: string, address: string): Promise<string> {
  const before = mailsTo(address).length;
  const answer = await t.http.post('/v1/auth/password-reset').send({ login }).expect(202);
  expect(answer.body.message).toMatch(/If an account/);
  const mail = await waitFor(async () => {
    await drain();
    return mailsTo(address)[before];
  }, 10_000, `the reset mail to ${address}`);
  expect(mail.mail.subject).toBe('Choose a new password');
  const token = new RegExp(`${PUBLIC_URL}/reset-password#token=(\\S+)`).exec(mail.mail.text ?? '')?.[1];
  // In sentences, the link as a button, its expiry in the person's time zone (UTC until one is set).
  expect(mail.mail.text).toMatch(/^Someone \(we hope you\) asked to choose a new password for [\w.-]+\.\nChoose a new password: http:\/\/\S+$/m);
  expect(mail.mail.text).toMatch(/^The button works once, until \w+day, \d+ \w+ \d{4} at \d\d:\d\d \((UTC|[\w/ ]+ time)\)\./m);
  expect(mail.mail.html).toMatch(/<a href="http:\/\/games\.example\.test\/reset-password#token=[^"]+" style="[^"]+">Choose a new password<\/a>/);
  expect(token).toBeDefined();
  return token!;
}

const me = (token: string) => t.http.get('/v1/me').set({ Authorization: `Bearer ${token}` });

describe('password reset by mail', () => {
  it('mails a single-use link to the verified address; using it sets the password and ends every login token', async () => {
    const ann = await verifiedUser('ann_reset');
    const other = (await t.http.post('/v1/auth/login').send({ username: ann.username, password: PASSWORD }).expect(200)).body.token as string;
    const token = await resetTokenFor(ann.username, ann.address);
    // Asked by address (any case) too.
    const byAddress = await resetTokenFor(ann.address.toUpperCase(), ann.address);
    expect(byAddress).not.toBe(token);
    // Stored hashed: the token is nowhere in the database (the outbox row names the link's id only).
    const dump = (await t.sql.query(`SELECT (SELECT json_agg(p) FROM password_resets p)::text || (SELECT json_agg(n) FROM notifications n)::text AS all`)).rows[0].all as string;
    expect(dump).not.toContain(token.split('.')[1]);

    const done = await t.http.post('/v1/auth/password-reset/complete').send({ token, newPassword: 'a brand new password' }).expect(200);
    expect(done.body.user.username).toBe(ann.username);
    await me(done.body.token).expect(200);
    // Every earlier login token ended; the old password no longer works, the new one does.
    for (const old of [ann.token, other]) expect((await me(old).expect(401)).body.code).toBe('INVALID_TOKEN');
    await t.http.post('/v1/auth/login').send({ username: ann.username, password: PASSWORD }).expect(401);
    await t.http.post('/v1/auth/login').send({ username: ann.username, password: 'a brand new password' }).expect(200);
    // Single use, and the account's other link died with it.
    for (const used of [token, byAddress]) {
      const again = await t.http.post('/v1/auth/password-reset/complete').send({ token: used, newPassword: 'yet another password' }).expect(400);
      expect(again.body.code).toBe('INVALID_RESET_TOKEN');
      expect(again.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });

  it('answers the same whether or not the account exists, and mails only accounts with a verified address', async () => {
    const unverified = await newUser(t, 'no_address');
    await t.http.put('/v1/me/email').set(unverified.auth).send({ email: `${unverified.username}@example.test` }).expect(200);
    const answers = [];
    for (const login of ['nobody_has_this_name', unverified.username, `${unverified.username}@example.test`]) {
      const response = await t.http.post('/v1/auth/password-reset').send({ login }).expect(202);
      answers.push(response.body);
    }
    const verified = await verifiedUser('has_address');
    // Queued one at a time, in order: once the last one's mail is here, the ones before were handled.
    await resetTokenFor(verified.username, verified.address);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await resetsOf(unverified.id)).toEqual([]);
    expect(mailsTo(`${unverified.username}@example.test`.toLowerCase()).filter((entry) => entry.mail.subject === 'Choose a new password')).toEqual([]);
  });

  it('refuses an expired link, a forged one and bad input with a problem, changing nothing', async () => {
    const bea = await verifiedUser('bea_reset');
    const token = await resetTokenFor(bea.username, bea.address);
    await t.sql.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [bea.id]);
    const expired = await t.http.post('/v1/auth/password-reset/complete').send({ token, newPassword: 'a brand new password' }).expect(400);
    expect(expired.body.code).toBe('INVALID_RESET_TOKEN');
    const [id] = token.split('.');
    const forged = await t.http.post('/v1/auth/password-reset/complete').send({ token: `${id}.AAAA`, newPassword: 'a brand new password' }).expect(400);
    expect(forged.body.code).toBe('INVALID_RESET_TOKEN');
    expect((await t.http.post('/v1/auth/password-reset').send({ login: '   ' }).expect(400)).body.code).toBe('INVALID_LOGIN');
    expect((await t.http.post('/v1/auth/password-reset').send({}).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const fresh = await resetTokenFor(bea.username, bea.address);
    expect((await t.http.post('/v1/auth/password-reset/complete').send({ token: fresh, newPassword: 'short' }).expect(400)).body.code).toBe('WEAK_PASSWORD');
    // Nothing changed: the old token and password still work, the fresh link too.
    await me(bea.token).expect(200);
    await t.http.post('/v1/auth/password-reset/complete').send({ token: fresh, newPassword: 'a brand new password' }).expect(200);
  });

  it('sends an account at most PASSWORD_RESET_MAILS_PER_HOUR links an hour, answering every ask alike', async () => {
    const cid = await verifiedUser('cid_reset');
    for (let i = 0; i < 5; i++) await t.http.post('/v1/auth/password-reset').send({ login: cid.username }).expect(202);
    const marker = await verifiedUser('marker');
    await resetTokenFor(marker.username, marker.address);
    expect(await resetsOf(cid.id)).toHaveLength(3);
  });

  it('lets one of many concurrent uses of a link through, and no more (more requests than the pool has connections)', async () => {
    const dan = await verifiedUser('dan_reset');
    const token = await resetTokenFor(dan.username, dan.address);
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => t.http.post('/v1/auth/password-reset/complete').send({ token, newPassword: `new password number ${i}` }).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(23);
  });

  it('is rate limited per address and per name asked for, with the same counts for unknown names', async () => {
    const limited = await startTestApp({ databaseUrl: t.databaseUrl, workers: false, config: { ...mailConfig, rateLimits: loadConfig({ RATE_LIMIT_PASSWORD_RESET_PER_IP: '100/900', RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: '2/3600' }).rateLimits } });
    try {
      for (const login of ['ghost_name_1', 'ann_of_nowhere']) {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await limited.http.post('/v1/auth/password-reset').send({ login }).ok(() => true)).status);
        expect(statuses).toEqual([202, 202, 429]);
      }
      const refused = await limited.http.post('/v1/auth/password-reset').send({ login: 'GHOST_NAME_1' }).expect(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('password change, log out everywhere', () => {
  it('changes the password (asking the old one) and ends every other login token in every process at once; API tokens stay', async () => {
    const eve = await newUser(t, 'eve_change');
    const second = await startTestApp({ databaseUrl: t.databaseUrl, workers: false });
    try {
      const phone = (await second.http.post('/v1/auth/login').send({ username: eve.username, password: PASSWORD }).expect(200)).body.token as string;
      // Verified and cached in the second process before the change.
      await second.http.get('/v1/me').set({ Authorization: `Bearer ${phone}` }).expect(200);
      const apiToken = (await t.http.post('/v1/me/tokens').set(eve.auth).send({ name: 'script', scopes: ['read', 'play', 'account'] }).expect(201)).body.token as string;

      const wrong = await t.http.put('/v1/me/password').set(eve.auth).send({ currentPassword: 'not my password', newPassword: 'a brand new password' }).expect(403);
      expect(wrong.body.code).toBe('WRONG_PASSWORD');
      expect((await t.http.put('/v1/me/password').set(eve.auth).send({ currentPassword: PASSWORD, newPassword: 'short' }).expect(400)).body.code).toBe('WEAK_PASSWORD');
      const viaApiToken = await t.http.put('/v1/me/password').set({ Authorization: `Bearer ${apiToken}` }).send({ currentPassword: PASSWORD, newPassword: 'a brand new password' }).expect(403);
      expect(viaApiToken.body.code).toBe('LOGIN_REQUIRED');
      await second.http.get('/v1/me').set({ Authorization: `Bearer ${phone}` }).expect(200);

      const changed = await t.http.put('/v1/me/password').set(eve.auth).send({ currentPassword: PASSWORD, newPassword: 'a brand new password' }).expect(200);
      await me(changed.body.token).expect(200);
      await me(eve.token).expect(401);
      // The other process hears it (NOTIFY) and refuses its cached token.
      await waitFor(async () => ((await second.http.get('/v1/me').set({ Authorization: `Bearer ${phone}` })).status === 401 ? true : undefined), 10_000, 'the second process to end the old token');
      await second.http.get('/v1/me').set({ Authorization: `Bearer ${changed.body.token}` }).expect(200);
      await t.http.get('/v1/me').set({ Authorization: `Bearer ${apiToken}` }).expect(200);
    } finally {
      await second.close();
    }
  });

  it('lets one of many concurrent changes from the same old password win (more requests than the pool has connections)', async () => {
    const fay = await newUser(t, 'fay_race');
    const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => t.http.put('/v1/me/password').set(fay.auth).send({ currentPassword: PASSWORD, newPassword: `new password number ${i}` }).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The rest found the password changed (409) or their token ended (401) or the old password wrong (403).
    expect(statuses.every((status) => [200, 401, 403, 409].includes(status))).toBe(true);
  });

  it('logs out everywhere: every login token ends, the one sent included; API tokens stay; GraphQL alike', async () => {
    const gus = await newUser(t, 'gus_logout');
    const laptop = (await t.http.post('/v1/auth/login').send({ username: gus.username, password: PASSWORD }).expect(200)).body.token as string;
    const apiToken = (await t.http.post('/v1/me/tokens').set(gus.auth).send({ name: 'script', scopes: ['read', 'play', 'account'] }).expect(201)).body.token as string;
    expect((await t.http.post('/v1/me/logout-everywhere').set({ Authorization: `Bearer ${apiToken}` }).expect(403)).body.code).toBe('LOGIN_REQUIRED');
    await t.http.post('/v1/me/logout-everywhere').set(gus.auth).expect(204);
    await me(gus.token).expect(401);
    await me(laptop).expect(401);
    await t.http.get('/v1/me').set({ Authorization: `Bearer ${apiToken}` }).expect(200);

    const fresh = (await t.http.post('/v1/auth/login').send({ username: gus.username, password: PASSWORD }).expect(200)).body.token as string;
    const answer = await postGraphql(t, 'mutation { logoutEverywhere }', {}, `Bearer ${fresh}`);
    expect(answer.data).toEqual({ logoutEverywhere: true });
    await me(fresh).expect(401);
    const changed = await postGraphql(t, 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { token } }', { c: PASSWORD, n: 'another fine password' }, `Bearer ${apiToken}`);
    expect(codeOf(changed)).toBe('LOGIN_REQUIRED');
  });
});

describe('account deletion', () => {
  it('resigns running games, keeps finished ones under a neutral name whose records verify, deletes personal data and retires the name', async () => {
    const { alice, bob, gameId: finishedId } = await startedToyGame(t, { rounds: 1 });
    for (const player of [alice, bob]) {
      const { body } = await t.http.get(`/v1/games/${finishedId}`).set(player.auth);
      if (body.status === 'active') await t.http.post(`/v1/games/${finishedId}/actions`).set(body.activeSeats[0] === 0 ? alice.auth : bob.auth).send({ action: { type: 'pass' } }).expect(201);
    }
    expect((await t.http.get(`/v1/games/${finishedId}`).set(alice.auth)).body.status).toBe('finished');
    await t.http.post(`/v1/games/${finishedId}/chat`).set(alice.auth).send({ channel: 'players', text: 'good game' }).expect(201);
    const running = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201)).body.id as string;
    await t.http.post(`/v1/games/${running}/join`).set(bob.auth).send({}).expect(200);
    const open = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201)).body.id as string;
    await t.http.put('/v1/me/email').set(alice.auth).send({ email: 'alice@example.test' }).expect(200);
    const apiToken = (await t.http.post('/v1/me/tokens').set(alice.auth).send({ name: 'script', scopes: ['read', 'play', 'account'] }).expect(201)).body.token as string;

    expect((await t.http.post('/v1/me/delete').set(alice.auth).send({ password: 'not it' }).expect(403)).body.code).toBe('WRONG_PASSWORD');
    expect((await t.http.post('/v1/me/delete').set({ Authorization: `Bearer ${apiToken}` }).send({ password: PASSWORD }).expect(403)).body.code).toBe('LOGIN_REQUIRED');
    await me(alice.token).expect(200);

    await t.http.post('/v1/me/delete').set(alice.auth).send({ password: PASSWORD }).expect(204);
    await me(alice.token).expect(401);
    await t.http.get('/v1/me').set({ Authorization: `Bearer ${apiToken}` }).expect(401);
    await t.http.post('/v1/auth/login').send({ username: alice.username, password: PASSWORD }).expect(401);
    // The name is never given again, whatever the case.
    expect((await t.http.post('/v1/auth/register').send({ username: alice.username.toUpperCase(), password: PASSWORD }).expect(409)).body.code).toBe('USERNAME_TAKEN');

    const { rows: [row] } = await t.sql.query('SELECT username::text, email, password_hash, deleted_at FROM users WHERE id = $1', [alice.id]);
    expect(row.username).toMatch(/^deleted player [0-9a-f]{12}$/);
    expect(row.email).toBeNull();
    expect(row.deleted_at).not.toBeNull();
    for (const table of ['api_tokens', 'webhooks', 'push_subscriptions', 'notifications', 'chat_messages', 'ratings', 'password_resets', 'stream_tickets']) {
      expect((await t.sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [alice.id])).rows[0].n, table).toBe(0);
    }
    // The running game: resigned, a bot plays on. The open game: left (nobody left: closed).
    const runningNow = (await t.http.get(`/v1/games/${running}`).set(bob.auth).expect(200)).body;
    expect(runningNow.seats[0]).toMatchObject({ resigned: true, username: row.username });
    expect(runningNow.seats[0].bot).not.toBeNull();
    expect((await t.http.get(`/v1/games/${open}`).set(bob.auth).expect(200)).body.status).toBe('aborted');
    // The finished game keeps the seat under the neutral name; its record verifies, offline and by the admin.
    const record = (await t.http.get(`/v1/games/${finishedId}/record`).set(bob.auth).expect(200)).body;
    expect(record.seats[0].username).toBe(row.username);
    expect(verifyRecord({ toy: toyGame }, record).ok).toBe(true);
    const admin = await loginAdmin(t);
    expect((await t.http.post(`/v1/admin/games/${finishedId}/verify`).set(admin).send({}).expect(200)).body.ok).toBe(true);
    // The neutral name has no profile; the other player keeps theirs.
    await t.http.get(`/v1/users/${encodeURIComponent(row.username)}/profile`).expect(404);
    await t.http.get(`/v1/users/${bob.username}/profile`).expect(200);
  });

  it('deletes over GraphQL too, asking the password', async () => {
    const hal = await newUser(t, 'hal_delete');
    const wrong = await postGraphql(t, 'mutation { deleteAccount(password: "nope nope") }', {}, hal.auth.Authorization);
    expect(codeOf(wrong)).toBe('WRONG_PASSWORD');
    const done = await postGraphql(t, 'mutation($p: String!) { deleteAccount(password: $p) }', { p: PASSWORD }, hal.auth.Authorization);
    expect(done.data).toEqual({ deleteAccount: true });
    await me(hal.token).expect(401);
  });
});

describe('data export', () => {
  it('downloads the person\'s games, ratings, settings and chat as JSON, with only what their seat may see', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 3 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card: (await t.http.get(`/v1/games/${gameId}`).set(alice.auth)).body.view.hand[0] } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/chat`).set(bob.auth).send({ channel: 'players', text: 'hello from bob' }).expect(201);
    await t.http.post(`/v1/games/${gameId}/chat`).set(alice.auth).send({ channel: 'players', text: 'hello from alice' }).expect(201);

    const response = await t.http.get('/v1/me/export').set(bob.auth).expect(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${bob.username}-export.json"`);
    const data = response.body;
    expect(data.account).toMatchObject({ id: bob.id, username: bob.username });
    expect(data.settings).toMatchObject({ email: null, emailMode: 'each_turn', timeZone: null });
    expect(data.chatMessages.map((message: { text: string }) => message.text)).toEqual(['hello from bob']);
    const [game] = data.games;
    const shown = (await t.http.get(`/v1/games/${gameId}`).set(bob.auth)).body;
    const log = (await t.http.get(`/v1/games/${gameId}/log`).set(bob.auth)).body.events;
    expect(game.view).toEqual(shown.view);
    expect(game.log).toEqual(log);
    // Alice's hand and her draw are hidden from bob's seat: they are nowhere in bob's export.
    const aliceHand = (await t.http.get(`/v1/games/${gameId}`).set(alice.auth)).body.view.hand as number[];
    expect(game.view.hand).not.toBeNull();
    expect(JSON.stringify(game.log)).not.toMatch(/Seat 0 draws/);
    expect(JSON.stringify(data)).not.toContain('"seed":');
    expect(aliceHand).toHaveLength(2);

    const apiToken = (await t.http.post('/v1/me/tokens').set(bob.auth).send({ name: 'script', scopes: ['read', 'play', 'account'] }).expect(201)).body.token as string;
    expect((await t.http.get('/v1/me/export').set({ Authorization: `Bearer ${apiToken}` }).expect(403)).body.code).toBe('LOGIN_REQUIRED');
    const viaGraphql = await postGraphql(t, '{ accountExport }', {}, bob.auth.Authorization);
    expect((viaGraphql.data as { accountExport: { games: unknown[] } }).accountExport.games).toHaveLength(1);
  });
});
