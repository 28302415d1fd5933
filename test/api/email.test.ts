import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { sendDueMail, type MailSettings } from '../../src/services/notifications.js';
import { MESSAGES } from '../../src/shared/i18n/index.js';
import { newUser, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { headerOf, linkIn, PUBLIC_URL, startSmtpReceiver, testMailer, type SmtpReceiver } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';

/**
 * E-mail notifications (services/notifications.ts) against a real SMTP server started here
 * (smtp-server), each mail parsed with mailparser. The setup app `t` runs no workers: mails leave
 * only when a test starts a worker, so what is pending when it starts is under the test's control.
 */
const root = join(import.meta.dirname, '..', '..');

/** Set by the crash test: the next mail to `address` is read but never answered (the sender dies meanwhile). */
let holdNext: { address: string; held: () => void } | null = null;
let smtp: SmtpReceiver;
let t: TestApp;
let mailConfig: Partial<Config>;
let mailer: MailSettings;

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    // A mailbox that does not exist: the relay refuses it for good (550 to RCPT TO).
    refuse: (address) => address.startsWith('gone_'),
    hold: (to) => {
      if (!holdNext || to !== holdNext.address) return null;
      const { held } = holdNext;
      holdNext = null;
      return held;
    },
  });
  mailConfig = { ...smtp.config, mailRetryBaseMs: 200 };
  t = await startTestApp({ workers: false, config: mailConfig });
  mailer = testMailer(smtp);
});
afterAll(async () => {
  mailer?.transport?.close();
  await t?.close();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.mailsTo(address);
const header = headerOf;
const rowsOf = async (userId: string) =>
  (await t.sql.query(`SELECT kind, game_id, game_version, status, attempts, sent_to FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId])).rows;

/** A worker process's app on the test database (mail loop included), for as long as `run` runs. */
async function withWorker<T>(run: (worker: TestApp) => Promise<T>): Promise<T> {
  const worker = await startTestApp({ databaseUrl: t.databaseUrl, config: { ...mailConfig, duePollMs: 200, botThreads: 1 } });
  try {
    return await run(worker);
  } finally {
    await worker.close();
  }
}

/** One claim after another, as a worker's mail loop does them, until nothing is due. */
async function drain(): Promise<void> {
  while (await sendDueMail(t.app.services, mailer));
}

/** Waits until no notification row is pending. */
const settled = () => waitFor(async () => ((await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE status = 'pending' AND next_attempt_at <= now()`)).rows[0].n === 0 ? true : undefined), 10_000, 'the outbox to drain');

/** A person with a verified address (following the mailed link); returns the user and their address. */
async function verifiedUser(prefix: string) {
  const user = await newUser(t, prefix);
  const address = `${user.username}@example.test`;
  const set = await t.http.put('/v1/me/email').set(user.auth).send({ email: address }).expect(200);
  expect(set.body).toMatchObject({ email: address, emailVerified: false, emailMode: 'each_turn', emailAvailable: true });
  await drain();
  const [verification] = mailsTo(address);
  const link = linkIn(verification!.mail, '/v1/email/verify?token=');
  expect(link).toBeDefined();
  expect(verification!.mail.text).toMatch(new RegExp(`^Confirm that notifications for ${user.username} may come to this address\\. The link works until \\w+day, \\d+ \\w+ \\d{4} at \\d\\d:\\d\\d \\(UTC\\)\\.\nConfirm this address: http://\\S+$`, 'm'));
  expect(verification!.mail.html).toMatch(/<a href="http:\/\/games\.example\.test\/v1\/email\/verify\?token=[^"]+" style="[^"]+">Confirm this address<\/a>/);
  await t.http.get(link!).expect(200).expect('content-type', /text\/html/);
  expect((await t.http.get('/v1/me/notifications').set(user.auth).expect(200)).body.emailVerified).toBe(true);
  smtp.forget(address);
  return { ...user, address };
}

/** alice (no address) creates a toy game, `bob` joins: alice to move. */
async function gameWith(bob: { auth: { Authorization: string } }) {
  const alice = await newUser(t, 'alice');
  const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201);
  await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
  return { alice, gameId: game.id as string };
}
/** The subject of a "your turn" mail of a toy game between two persons. */
const YOUR_TURN = expect.stringMatching(/^Your turn in High card \(test game\) with \w+, \w+$/);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A mail in sentences: every URL of its text part stands on a line of its own after a button's
 * words ("Play your turn: https://…"), the prose names no game by its id nor its type id, and the
 * HTML part has the same buttons as anchors with words.
 */
function expectSentences(mail: ParsedMail, gameId: string) {
  const lines = (mail.text ?? '').split('\n');
  const links = lines.filter((line) => line.includes('http'));
  for (const line of links) expect(line).toMatch(/^[A-Z][a-z ]+: http:\/\/\S+$/);
  const prose = lines.filter((line) => !line.includes('http')).join('\n');
  expect(prose).not.toContain(gameId);
  expect(prose).not.toMatch(/\btoy\b|\bseat \d|\bSeat \d/);
  for (const line of links.filter((entry) => !entry.startsWith('Unsubscribe: '))) {
    const [, label, url] = /^([^:]+): (\S+)$/.exec(line)!;
    expect(mail.html).toContain(`<a href="${url!.replace(/&/g, '&amp;')}" style=`);
    expect(mail.html).toContain(`>${label}</a>`);
  }
}

const pass = (t: TestApp, gameId: string, auth: { Authorization: string }) => t.http.post(`/v1/games/${gameId}/actions`).set(auth).send({ action: { type: 'pass' } }).expect(201);

describe('e-mail notifications', () => {
  it('sends nothing to an unverified address, then one mail per turn with both parts, the games waiting and a one-click unsubscribe', async () => {
    const bob = await newUser(t, 'bob');
    const address = `${bob.username}@example.test`;
    await t.http.put('/v1/me/email').set(bob.auth).send({ email: address }).expect(200);
    const { alice, gameId } = await gameWith(bob);
    await pass(t, gameId, alice.auth);
    // Unverified: no row for the turn, only the verification mail is queued.
    expect((await rowsOf(bob.id)).map((row) => row.kind)).toEqual(['verify_email']);
    await t.http.put('/v1/me/email').set(bob.auth).send({ email: 'not an address' }).expect(400).expect((res) => expect(res.body.code).toBe('INVALID_EMAIL'));
    await t.http.get('/v1/email/verify?token=forged.token').expect(400).expect((res) => expect(res.body.code).toBe('INVALID_LINK'));
    // `null` removes an address (and is not read as an empty string).
    const dora = await newUser(t, 'dora');
    await t.http.put('/v1/me/email').set(dora.auth).send({ email: `${dora.username}@example.test` }).expect(200);
    expect((await t.http.put('/v1/me/email').set(dora.auth).send({ email: null }).expect(200)).body).toMatchObject({ email: null, emailVerified: false });

    const verified = await verifiedUser('carol');
    const second = await gameWith(verified);
    const third = await gameWith(verified);
    await pass(t, second.gameId, second.alice.auth);
    await withWorker(async () => {
      await waitFor(async () => (mailsTo(verified.address).length >= 1 ? true : undefined), 10_000, 'the your-turn mail');
      await settled();
      // Another turn in another game: a mail of its own, listing both games waiting.
      await pass(t, third.gameId, third.alice.auth);
      await waitFor(async () => (mailsTo(verified.address).length >= 2 ? true : undefined), 10_000, 'the second your-turn mail');
      await settled();
    });
    const [first, next] = mailsTo(verified.address).map((entry) => entry.mail);
    expect(mailsTo(verified.address)).toHaveLength(2);
    expect(first!.subject).toBe(`Your turn in High card (test game) with ${second.alice.username}, ${verified.username}`);
    expect(first!.from?.text).toContain('games@example.test');
    expect(first!.text).toContain(`${PUBLIC_URL}/games/${second.gameId}`);
    expect(first!.html).toContain(`href="${PUBLIC_URL}/games/${second.gameId}"`);
    expect(next!.text).toContain(`Another game is waiting for your move:\n\nHigh card (test game) with ${second.alice.username}, ${verified.username}: no deadline.\nPlay your turn: ${PUBLIC_URL}/games/${second.gameId}`);
    expect(next!.text).toContain(`${PUBLIC_URL}/games/${third.gameId}`);
    expect(header(first!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(http:\/\/games\.example\.test(\/v1\/email\/unsubscribe\?token=[^>]+))>$/.exec(header(first!, 'list-unsubscribe') ?? '');
    expect(unsubscribe).not.toBeNull();
    const sent = (await rowsOf(verified.id)).filter((row) => row.kind === 'your_turn');
    expect(sent.map((row) => [row.game_id, row.status, row.attempts, row.sent_to])).toEqual([
      [second.gameId, 'sent', 1, verified.address], [third.gameId, 'sent', 1, verified.address],
    ]);

    // One-click unsubscribe (RFC 8058): a form POST; the GET only shows a button.
    await t.http.get(unsubscribe![2]!).expect(200).expect('content-type', /text\/html/);
    expect((await t.http.get('/v1/me/notifications').set(verified.auth).expect(200)).body.emailMode).toBe('each_turn');
    await t.http.post(unsubscribe![2]!).type('form').send('List-Unsubscribe=One-Click').expect(204);
    expect((await t.http.get('/v1/me/notifications').set(verified.auth).expect(200)).body.emailMode).toBe('never');
    await pass(t, second.gameId, verified.auth);
    await pass(t, second.gameId, second.alice.auth);
    await drain();
    expect(mailsTo(verified.address)).toHaveLength(2);
    expect((await rowsOf(verified.id)).filter((row) => row.kind === 'your_turn')).toHaveLength(2);
  });

  it('says who moved and what they did (never a card hidden from the reader), naming the game by its title and players, the deadline in the person\'s time zone, links as buttons', async () => {
    const bob = await verifiedUser('bob');
    // Where bob lives: an IANA zone, checked (any case, stored as Intl names it), over REST and GraphQL.
    await t.http.put('/v1/me/notifications').set(bob.auth).send({ timeZone: 'Mars/Olympus_Mons' }).expect(400).expect((res) => expect(res.body.code).toBe('INVALID_NOTIFICATION_SETTINGS'));
    expect(codeOf(await postGraphql(t, 'mutation { setNotificationPreferences(timeZone: "CET+1") { timeZone } }', {}, bob.token))).toBe('INVALID_NOTIFICATION_SETTINGS');
    expect((await t.http.get('/v1/me/notifications').set(bob.auth).expect(200)).body.timeZone).toBeNull();
    expect((await t.http.put('/v1/me/notifications').set(bob.auth).send({ timeZone: 'america/new_york' }).expect(200)).body.timeZone).toBe('America/New_York');
    expect((await postGraphql(t, '{ notificationPreferences { timeZone } }', {}, bob.token)).data.notificationPreferences.timeZone).toBe('America/New_York');
    const alice = await newUser(t, 'alice');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 }, timeControl: { kind: 'per-move', moveSeconds: 86_400 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    // alice plays a card and draws one only she may see.
    const { body: legal } = await t.http.get(`/v1/games/${game.id}/legal-actions`).set(alice.auth).expect(200);
    const card = legal.actions.find((action: { type: string }) => action.type === 'play');
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: card }).expect(201);
    const deadline = new Date((await t.http.get(`/v1/games/${game.id}`).set(bob.auth).expect(200)).body.deadline);
    await drain();
    const [turn] = mailsTo(bob.address).map((entry) => entry.mail);
    const name = `High card (test game) with ${alice.username}, ${bob.username}`;
    expect(turn!.subject).toBe(`Your turn in ${name}`);
    const newYork = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(deadline);
    expect(turn!.text).toMatch(new RegExp(`^${escapeRegExp(`${alice.username} moved in ${name}: it is your turn. Since your last move: ${alice.username} plays a ${card.card}. Your deadline is `)}\\w+day, \\d+ \\w+ \\d{4} at ${newYork} \\(America/New York time\\)\\.$`, 'm'));
    expect(turn!.text).toContain(`Play your turn: ${PUBLIC_URL}/games/${game.id}`);
    expect(turn!.text).not.toContain('draws');
    expect(turn!.html).not.toContain('draws');
    expect(turn!.html).toContain(`<p>${alice.username} moved in ${name}: it is your turn.`);
    expectSentences(turn!, game.id);
    // A move of bob's own leaves alice's turn mail-less for him; the next one tells only what came after it.
    await pass(t, game.id, bob.auth);
    await pass(t, game.id, alice.auth);
    await drain();
    expect(mailsTo(bob.address)[1]!.mail.text).toContain(`Since your last move: ${alice.username} passes. Your deadline is `);
  });

  it('mails the turns of a game that was already under way (and cached) when the address was verified', async () => {
    const bob = await newUser(t, 'bob');
    const { alice, gameId } = await gameWith(bob);
    // The game is played (and kept in this process's game cache) while bob has no address.
    await pass(t, gameId, alice.auth);
    await pass(t, gameId, bob.auth);
    const address = `${bob.username}@example.test`;
    await t.http.put('/v1/me/email').set(bob.auth).send({ email: address }).expect(200);
    await drain();
    const link = linkIn(mailsTo(address)[0]!.mail, '/v1/email/verify?token=')!;
    await t.http.get(link).expect(200);
    await pass(t, gameId, alice.auth);
    await drain();
    expect(mailsTo(address).map((entry) => entry.mail.subject)).toEqual(['Confirm your e-mail address', YOUR_TURN]);
  });

  it('sends no mail for a turn a take-back made moot before the mail left', async () => {
    const bob = await verifiedUser('bob');
    const { alice, gameId } = await gameWith(bob);
    await pass(t, gameId, alice.auth);
    await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(201);
    await drain();
    expect(mailsTo(bob.address)).toHaveLength(0);
    expect((await rowsOf(bob.id)).filter((row) => row.kind === 'your_turn').map((row) => [row.game_version, row.status])).toEqual([[2, 'moot']]); // the first move is version 2 (the start is 1)
    // The turn that comes after is mailed as usual.
    await pass(t, gameId, alice.auth);
    await drain();
    expect(mailsTo(bob.address).map((entry) => entry.mail.subject)).toEqual([YOUR_TURN]);
    // Taken back and played again before the mail left: bob's seat is to move again, but only the
    // new turn's row is sent; the taken-back one is moot (it never leaves, even folded into a mail).
    const again = await gameWith(bob);
    await pass(t, again.gameId, again.alice.auth);
    await t.http.post(`/v1/games/${again.gameId}/take-back`).set(again.alice.auth).expect(201);
    await pass(t, again.gameId, again.alice.auth);
    await drain();
    expect(mailsTo(bob.address)).toHaveLength(2);
    const rows = (await rowsOf(bob.id)).filter((row) => row.kind === 'your_turn' && row.game_id === again.gameId);
    expect(rows.map((row) => [row.game_version, row.status])).toEqual([[2, 'moot'], [4, 'sent']]);
  });

  it('gathers a digest at most every digestHours', async () => {
    const bob = await verifiedUser('bob');
    // Set over GraphQL, read over REST (the same use case).
    const set = await postGraphql(t, 'mutation { setNotificationPreferences(emailMode: digest, digestHours: 2) { email emailVerified emailMode digestHours } }', {}, bob.token);
    expect(set.data.setNotificationPreferences).toEqual({ email: bob.address, emailVerified: true, emailMode: 'digest', digestHours: 2 });
    expect((await t.http.get('/v1/me/notifications').set(bob.auth).expect(200)).body).toMatchObject({ emailMode: 'digest', digestHours: 2 });
    expect(codeOf(await postGraphql(t, 'mutation { setNotificationPreferences(digestHours: 0) { digestHours } }', {}, bob.token))).toBe('INVALID_NOTIFICATION_SETTINGS');
    await t.http.put('/v1/me/notifications').set(bob.auth).send({ digestHours: 0 }).expect(400).expect((res) => expect(res.body.code).toBe('INVALID_NOTIFICATION_SETTINGS'));
    const games = [await gameWith(bob), await gameWith(bob), await gameWith(bob)];
    await pass(t, games[0]!.gameId, games[0]!.alice.auth);
    await pass(t, games[1]!.gameId, games[1]!.alice.auth);
    await drain();
    // A turn within the digest's hours waits for the next digest.
    await pass(t, games[2]!.gameId, games[2]!.alice.auth);
    await drain();
    expect(mailsTo(bob.address)).toHaveLength(1);
    const digest = mailsTo(bob.address)[0]!.mail;
    expect(digest.subject).toBe('2 games are waiting for you');
    for (const game of games.slice(0, 2)) expect(digest.text).toContain(`${game.alice.username} moved in High card (test game) with ${game.alice.username}, ${bob.username}: it is your turn.`);
    const { rows: [waiting] } = await t.sql.query(
      `SELECT n.status, extract(epoch FROM n.next_attempt_at - u.last_digest_at) AS gap FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.game_id = $1 AND n.kind = 'your_turn'`, [games[2]!.gameId]);
    expect(waiting.status).toBe('pending');
    expect(Number(waiting.gap)).toBeCloseTo(2 * 3600, 0);
  });

  it('mails an invitation and "game over" with the result and the replay link', async () => {
    const bob = await verifiedUser('bob');
    const alice = await newUser(t, 'alice');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201);
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'reserved', username: bob.username }).expect(200);
    await drain();
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await pass(t, game.id, alice.auth);
    await drain();
    await pass(t, game.id, bob.auth);
    await drain();
    expect(mailsTo(bob.address)).toHaveLength(3);
    const [invitation, , over] = mailsTo(bob.address).map((entry) => entry.mail);
    expect(invitation!.subject).toBe(`${alice.username} invited you to play High card (test game)`);
    expect(invitation!.text).toContain(`${alice.username} keeps a seat for you in a new game of High card (test game) with ${alice.username}. It starts once every seat is taken.\nJoin the game: ${PUBLIC_URL}/games/${game.id}`);
    expect(invitation!.html).toContain(`<a href="${PUBLIC_URL}/games/${game.id}" style=`);
    expect(invitation!.html).toMatch(/>Join the game<\/a>/);
    const players = `${alice.username}, ${bob.username}`;
    expect(over!.subject).toBe(`Game over: High card (test game) with ${players}`);
    // Both passed: a tie, each with 0.
    expect(over!.text).toContain(`Your game of High card (test game) with ${players} is over. ${alice.username} and ${bob.username} won. Scores: ${alice.username} 0, ${bob.username} 0.\nWatch the replay: ${PUBLIC_URL}/games/${game.id}/replay`);
    expect(over!.html).toMatch(new RegExp(`<a href="${PUBLIC_URL}/games/${game.id}/replay" style="[^"]+">Watch the replay</a>`));
    for (const mail of [invitation!, over!]) expectSentences(mail, game.id);
  });

  it('mails "deadline near" when the warning of a timed turn falls due (written by the due-work worker)', async () => {
    const bob = await verifiedUser('bob');
    const alice = await newUser(t, 'alice');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth)
      .send({ type: 'toy', seats: 2, options: { rounds: 2 }, timeControl: { kind: 'per-move', moveSeconds: 4 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await pass(t, game.id, alice.auth);
    await drain();
    expect(mailsTo(bob.address).map((entry) => entry.mail.subject)).toEqual([YOUR_TURN]);
    const name = `High card (test game) with ${alice.username}, ${bob.username}`;
    const warned = await withWorker(() => waitFor(async () => mailsTo(bob.address).find((entry) => entry.mail.subject === `Deadline near in ${name}`), 10_000, 'the deadline-near mail'));
    // In UTC: bob has not said where he lives.
    expect(warned.mail.text).toMatch(new RegExp(`^Your time to move in ${escapeRegExp(name)} runs out on \\w+day, \\d+ \\w+ \\d{4} at \\d\\d:\\d\\d \\(UTC\\)\\.\nPlay your turn: ${escapeRegExp(PUBLIC_URL)}/games/${game.id}$`, 'm'));
    expectSentences(warned.mail, game.id);
  });

  it('loses and doubles nothing when the sending worker is SIGKILLed mid-send', async () => {
    const bob = await verifiedUser('bob');
    const { alice, gameId } = await gameWith(bob);
    const mid = new Promise<void>((resolve) => (holdNext = { address: bob.address, held: resolve }));
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/due-worker-child.ts', t.databaseUrl], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
      // A short lease: the killed child's claim is due again 2 s after it was taken.
      env: { ...process.env, SMTP_URL: mailConfig.smtpUrl!, MAIL_FROM: mailConfig.mailFrom!, PUBLIC_URL, DUE_POLL_MS: '200', LOG_LEVEL: 'silent', NOTIFICATION_LEASE_SECONDS: '2' },
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await waitFor(async () => (output.includes('worker ready') ? true : undefined), 60_000, 'the child worker to start');
      await pass(t, gameId, alice.auth);
      // The child is sending: its DATA reached the relay, which has not answered.
      await mid;
      expect((await rowsOf(bob.id)).find((row) => row.kind === 'your_turn')).toMatchObject({ status: 'pending', attempts: 0 });
      child.kill('SIGKILL');
      await withWorker(() => waitFor(async () => (mailsTo(bob.address).length > 0 ? true : undefined), 10_000, 'the mail sent by the next worker'));
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      child.kill('SIGKILL');
    }
    expect(mailsTo(bob.address).map((entry) => entry.mail.subject)).toEqual([YOUR_TURN]);
    const [row] = (await rowsOf(bob.id)).filter((entry) => entry.kind === 'your_turn');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sent_to: bob.address });
  }, 100_000); // a child process under tsx starts in seconds, but up to a minute on a loaded 2-core machine

  it('limits address changes and verification mails per account and per address, one pending verification per address', async () => {
    const limited = await startTestApp({
      databaseUrl: t.databaseUrl, workers: false,
      config: { ...mailConfig, emailLimits: { changesPerAccount: { max: 5, windowSeconds: 3600 }, verificationsPerAccount: { max: 3, windowSeconds: 3600 }, verificationsPerAddress: { max: 2, windowSeconds: 3600 } } },
    });
    try {
      const mallory = await newUser(limited, 'mallory');
      const victim = `victim_${process.pid}@example.test`;
      // 30 requests naming one address: one verification mail is queued, the rest send nothing more or are refused.
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push((await limited.http.put('/v1/me/email').set(mallory.auth).send({ email: victim })).status);
      expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const refused = await limited.http.put('/v1/me/email').set(mallory.auth).send({ email: victim }).expect(429);
      expect(refused.body).toMatchObject({ code: 'EMAIL_RATE_LIMITED', scope: 'changes', limit: 5, windowSeconds: 3600 });
      expect(refused.body.retryAfter).toBeGreaterThan(0);
      // The same headers as every other limit of the service (http/rate-limits.ts).
      expect(refused.headers).toMatchObject({
        'retry-after': String(refused.body.retryAfter), 'ratelimit-limit': '5', 'ratelimit-remaining': '0', 'ratelimit-reset': String(refused.body.retryAfter), 'ratelimit-policy': '5;w=3600',
      });
      const queued = async (address: string) => (await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE kind = 'verify_email' AND lower(payload ->> 'email') = lower($1)`, [address])).rows[0].n;
      expect(await queued(victim)).toBe(1);
      // Another account cannot queue a second one while it is pending.
      const eve = await newUser(limited, 'eve');
      const pending = await limited.http.put('/v1/me/email').set(eve.auth).send({ email: victim.toUpperCase() }).expect(429);
      expect(pending.body.scope).toBe('pending');
      expect(pending.headers).toMatchObject({ 'retry-after': '60', 'ratelimit-limit': '1', 'ratelimit-remaining': '0' });
      // Per address: once the first is sent, one more may go (2 per hour), then the address is left alone.
      await drain();
      await limited.http.put('/v1/me/email').set(eve.auth).send({ email: victim }).expect(200);
      await drain();
      const third = await newUser(limited, 'third');
      expect((await limited.http.put('/v1/me/email').set(third.auth).send({ email: victim }).expect(429)).body.scope).toBe('address');
      expect(mailsTo(victim)).toHaveLength(2);
      // Per account: 3 verification mails an hour, whatever the addresses.
      const busy = await newUser(limited, 'busy');
      for (let i = 0; i < 3; i++) {
        await limited.http.put('/v1/me/email').set(busy.auth).send({ email: `busy${i}_${process.pid}@example.test` }).expect(200);
        await drain();
      }
      const busyRefused = await limited.http.put('/v1/me/email').set(busy.auth).send({ email: `busy9_${process.pid}@example.test` }).expect(429);
      expect(busyRefused.body.scope).toBe('account');
      expect(busyRefused.headers).toMatchObject({ 'retry-after': String(busyRefused.body.retryAfter), 'ratelimit-policy': '3;w=3600', 'ratelimit-remaining': '0' });
    } finally {
      await limited.close();
    }
  });

  it('disables an address the relay refuses for good (5xx to RCPT) and sends it nothing more, nor to an address that unsubscribed', async () => {
    const gone = await newUser(t, 'gone');
    const address = `gone_${gone.username}@example.test`;
    await t.http.put('/v1/me/email').set(gone.auth).send({ email: address }).expect(200);
    await drain();
    expect((await rowsOf(gone.id)).map((row) => [row.kind, row.status, row.attempts])).toEqual([['verify_email', 'failed', 1]]);
    // Suppressed: no account may have mail sent to it again.
    const again = await t.http.put('/v1/me/email').set(gone.auth).send({ email: address }).expect(422);
    expect(again.body.code).toBe('EMAIL_SUPPRESSED');

    // One-click unsubscribe suppresses the address too: a stranger cannot have a verification mail sent to it.
    const bob = await verifiedUser('bob');
    const { alice, gameId } = await gameWith(bob);
    await pass(t, gameId, alice.auth);
    await drain();
    const unsubscribe = /^<http:\/\/games\.example\.test(\/v1\/email\/unsubscribe\?token=[^>]+)>$/.exec(header(mailsTo(bob.address)[0]!.mail, 'list-unsubscribe') ?? '')![1]!;
    await t.http.post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(204);
    const stranger = await newUser(t, 'stranger');
    expect((await t.http.put('/v1/me/email').set(stranger.auth).send({ email: bob.address }).expect(422)).body.code).toBe('EMAIL_SUPPRESSED');
    // Its verified owner opting in again lifts it.
    await t.http.put('/v1/me/notifications').set(bob.auth).send({ emailMode: 'each_turn' }).expect(200);
    await pass(t, gameId, bob.auth);
    await pass(t, gameId, alice.auth);
    await drain();
    expect(mailsTo(bob.address)).toHaveLength(2);
  });

  it('sends at most one digest per digestHours however many workers race, listing every waiting game', async () => {
    const bob = await verifiedUser('bob');
    await t.http.put('/v1/me/notifications').set(bob.auth).send({ emailMode: 'digest', digestHours: 1 }).expect(200);
    const games = [await gameWith(bob), await gameWith(bob), await gameWith(bob), await gameWith(bob)];
    // Four turns arrive quickly while four workers claim as fast as they can.
    let stop = false;
    const workers = Array.from({ length: 4 }, async () => {
      while (!stop) if (!(await sendDueMail(t.app.services, mailer))) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    for (const game of games) await pass(t, game.gameId, game.alice.auth);
    await waitFor(async () => (mailsTo(bob.address).length > 0 ? true : undefined), 10_000, 'the digest');
    await waitFor(async () => ((await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND status = 'pending' AND next_attempt_at <= now()`, [bob.id])).rows[0].n === 0 ? true : undefined), 10_000, 'nothing due');
    stop = true;
    await Promise.all(workers);
    expect(mailsTo(bob.address)).toHaveLength(1);
    // Whatever it did not list waits for the next digest, an hour after this one.
    const { rows } = await t.sql.query(`SELECT n.status, extract(epoch FROM n.next_attempt_at - u.last_digest_at) AS gap FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.user_id = $1 AND n.kind = 'your_turn'`, [bob.id]);
    for (const row of rows.filter((entry) => entry.status === 'pending')) expect(Number(row.gap)).toBeCloseTo(3600, 0);
  });

  it('signs mails with DKIM when configured, the signature covering List-Unsubscribe', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim = { domainName: 'example.test', keySelector: 'games', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    const user = await newUser(t, 'dkim');
    const address = `${user.username}@example.test`;
    await t.http.put('/v1/me/email').set(user.auth).send({ email: address }).expect(200);
    const worker = await startTestApp({ databaseUrl: t.databaseUrl, config: { ...mailConfig, dkim, duePollMs: 200 } });
    try {
      await waitFor(async () => (mailsTo(address).length > 0 ? true : undefined), 10_000, 'the signed mail');
    } finally {
      await worker.close();
    }
    const signature = header(mailsTo(address)[0]!.mail, 'dkim-signature') ?? '';
    expect(signature).toMatch(/d=example\.test/);
    expect(signature).toMatch(/s=games/);
    const signedHeaders = /(?:^|;)h=([^;]+)/.exec(signature.replace(/\s+/g, ''))![1]!.toLowerCase().split(':');
    expect(signedHeaders).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });
});

describe('mails in the recipient\'s language', () => {
  const WEEKDAY = '(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)';
  const MONTH = '(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)';
  /** The English words of the mails' own sentences (the catalog's `mail.*` and `common.kernel.*`) that German never uses. */
  const englishWords = (() => {
    const words = (messages: Record<string, string>) => new Set(Object.entries(messages)
      .filter(([key]) => key.startsWith('mail.') || key.startsWith('common.kernel.'))
      .flatMap(([, message]) => message.replace(/\{\w+(, \w+)?/g, ' ').match(/\p{L}{3,}/gu) ?? []).map((word) => word.toLowerCase()));
    const german = words(MESSAGES.de);
    return [...words(MESSAGES.en)].filter((word) => !german.has(word));
  })();
  /** The English words of our sentences left in a German mail: its words, less the links, the players' names and the test game's English title. */
  const englishIn = (text: string, names: string[]) => {
    let rest = text.replace(/https?:\/\/\S+/g, ' ').replace(/High card \(test game\)/g, ' ');
    for (const name of names) rest = rest.replaceAll(name, ' ');
    const found = (rest.match(/\p{L}{3,}/gu) ?? []).map((word) => word.toLowerCase());
    return englishWords.filter((word) => found.includes(word));
  };

  it('mails a German account in German: verification, invitation, turn, game over and password reset, dates in its zone and language', async () => {
    const hans = await newUser(t, 'hans');
    await t.http.put('/v1/me/language').set(hans.auth).send({ language: 'de' }).expect(200);
    const address = `${hans.username}@example.test`;
    await t.http.put('/v1/me/email').set(hans.auth).send({ email: address }).expect(200);
    await drain();
    const [verification] = mailsTo(address).map((entry) => entry.mail);
    expect(verification!.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(verification!.text).toMatch(new RegExp(`^Bestätige, dass Benachrichtigungen für ${hans.username} an diese Adresse gehen dürfen\\. Der Link gilt bis ${WEEKDAY}, \\d+\\. ${MONTH} \\d{4} um \\d\\d:\\d\\d Uhr \\(UTC\\)\\.\nAdresse bestätigen: http://\\S+$`, 'm'));
    expect(verification!.text).toContain('Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es wird nichts verschickt.');
    expect(verification!.html).toMatch(/<html lang="de">/);
    expect(verification!.html).toMatch(/style="[^"]+">Adresse bestätigen<\/a>/);
    await t.http.get(linkIn(verification!, '/v1/email/verify?token=')!).expect(200);
    await t.http.put('/v1/me/notifications').set(hans.auth).send({ timeZone: 'Europe/Berlin' }).expect(200);
    smtp.forget(address);

    const alice = await newUser(t, 'alice');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 }, timeControl: { kind: 'per-move', moveSeconds: 86_400 } }).expect(201);
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'reserved', username: hans.username }).expect(200);
    await drain();
    await t.http.post(`/v1/games/${game.id}/join`).set(hans.auth).send({}).expect(200);
    await pass(t, game.id, alice.auth);
    const deadline = new Date((await t.http.get(`/v1/games/${game.id}`).set(hans.auth).expect(200)).body.deadline);
    await drain();
    await pass(t, game.id, hans.auth);
    await drain();
    await t.http.post('/v1/auth/password-reset').send({ login: hans.username }).expect(202);
    // (The reset is queued after the answer, timed as for an unknown name.)
    await waitFor(async () => {
      await drain();
      return mailsTo(address)[3];
    }, 10_000, 'the reset mail');
    const [invitation, turn, over, reset] = mailsTo(address).map((entry) => entry.mail);
    const players = `${alice.username}, ${hans.username}`;

    expect(invitation!.subject).toBe(`${alice.username} hat dich zu einer Partie High card (test game) eingeladen`);
    expect(invitation!.text).toContain(`${alice.username} hält dir einen Platz in einer neuen Partie High card (test game) mit ${alice.username} frei. Sie beginnt, sobald alle Plätze besetzt sind.\nPartie beitreten: ${PUBLIC_URL}/games/${game.id}`);

    const name = `High card (test game) mit ${players}`;
    expect(turn!.subject).toBe(`Du bist am Zug: ${name}`);
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(deadline);
    // The toy game's own line has no key: it stays as it was written (English), as lines stored before keys do.
    expect(turn!.text).toMatch(new RegExp(`^${escapeRegExp(`${alice.username} hat in ${name} gezogen: Du bist am Zug. Seit deinem letzten Zug: ${alice.username} passes. Deine Frist endet am `)}${WEEKDAY}, \\d+\\. ${MONTH} \\d{4} um ${berlin} Uhr \\(Europe/Berlin\\)\\.$`, 'm'));
    expect(turn!.text).toContain(`Jetzt ziehen: ${PUBLIC_URL}/games/${game.id}`);
    expect(turn!.text).toContain('Du bekommst diese E-Mails, weil dein Konto sie angefordert hat.\nAbbestellen: http');
    expect(turn!.html).toMatch(/>Abbestellen<\/a>/);

    expect(over!.subject).toBe(`Partie beendet: ${name}`);
    expect(over!.text).toContain(`Deine Partie ${name} ist beendet. ${alice.username} und ${hans.username} haben gewonnen. Punkte: ${alice.username}: 0, ${hans.username}: 0.\nWiederholung ansehen: ${PUBLIC_URL}/games/${game.id}/replay`);

    expect(reset!.subject).toBe('Wähle ein neues Passwort');
    expect(reset!.text).toContain(`Jemand (hoffentlich du) möchte ein neues Passwort für ${hans.username} wählen.\nNeues Passwort wählen: http`);
    expect(reset!.text).toMatch(new RegExp(`Der Knopf funktioniert einmal, bis ${WEEKDAY}, \\d+\\. ${MONTH} \\d{4} um \\d\\d:\\d\\d Uhr \\(Europe/Berlin\\)\\.`));

    for (const mail of [verification!, invitation!, turn!, over!, reset!]) {
      const text = `${mail.subject}\n${(mail.text ?? '').replace(`${alice.username} passes.`, '')}`;
      expect(englishIn(text, [alice.username, hans.username]), text).toEqual([]);
    }
    expect(englishWords).toEqual(expect.arrayContaining(['your', 'turn', 'deadline', 'game', 'unsubscribe']));
  });

  it('keeps mailing an account without a language in English', async () => {
    const bob = await verifiedUser('bob');
    expect((await t.http.get('/v1/me').set(bob.auth).expect(200)).body.language).toBeNull();
    const { alice, gameId } = await gameWith(bob);
    await pass(t, gameId, alice.auth);
    await drain();
    expect(mailsTo(bob.address)[0]!.mail.subject).toEqual(YOUR_TURN);
  });
});
