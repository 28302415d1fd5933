import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Principal } from '../auth/tokens.js';
import { badRequest, notFound, ServiceError, unprocessable } from '../errors.js';
import {
  EMAIL_MODES, SOLO_KINDS, liftSuppression, markEmailVerified, suppressAddress, type EmailLimits, notificationSettings, removeEmail, setEmail, claimNotifications, settleNotifications, updateEmailPreferences,
  type ClaimContext, type ClaimedGame, type ClaimedNotification, type EmailMode, type Settled,
} from '../store/notifications.js';
import { resetLinkLive } from '../store/account-care.js';
import { resetLink } from './account-care.js';
import { deadlines, type Clocks, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';

/**
 * Notifications to persons by e-mail (issue 24). A change writes its rows to the `notifications`
 * outbox in its own transaction (store/outbox.ts), only for persons with a verified
 * address who want mail. A worker claims a person's pending rows FOR UPDATE SKIP LOCKED, checks
 * under that lock that each is still worth sending (the turn is still theirs and no take-back made
 * it moot; they did not unsubscribe), sends ONE mail listing them, and marks the rows sent in the
 * same transaction. Killed mid-send, its transaction rolls back and the rows are sent by the next
 * worker; the unique (person, channel, kind, game, version) key means one mail per turn. The only
 * window left is a crash between the relay's "250 OK" and our COMMIT (milliseconds): the mail then
 * leaves again with the same Message-ID, which receivers use to drop the copy.
 */
export interface MailSettings {
  /** Null: e-mail is off (nothing is queued by the address routes either). */
  transport: Transporter | null;
  from: string;
  /** Base of the links in mails (verification, unsubscribe, games, replays). */
  publicUrl: string;
  /** HMAC key of the links' tokens. */
  secret: string;
  retryBaseMs: number;
  maxAttempts: number;
  /** A verification link works this long. */
  verifyTtlMs: number;
  /** Abuse limits of address changes and verification mails (EMAIL_* settings); absent: none. */
  limits?: EmailLimits;
  /** How long a claimed row is leased to its sender (NOTIFICATION_LEASE_SECONDS); default DEFAULT_LEASE_MS. */
  leaseMs?: number;
}

const MAX_RETRY_MS = 6 * 60 * 60 * 1000;

/** The headers a DKIM signature covers: RFC 8058 one-click unsubscribe needs both List-Unsubscribe headers signed. */
export const DKIM_SIGNED_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:List-Unsubscribe:List-Unsubscribe-Post:Auto-Submitted';

/**
 * Nodemailer's options for SMTP_URL and `extra` (pool, timeouts, DKIM): given a `url`, nodemailer
 * reads the URL alone and drops every other option, so the URL is taken apart here.
 */
export function smtpOptions(smtpUrl: string, extra: Record<string, unknown>): Record<string, unknown> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname, port: url.port ? Number(url.port) : secure ? 465 : 587, secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...extra,
  };
}
const EMAIL_RE = /^[^\s@<>(),;:"[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// ---- Link tokens: base64url(JSON) "." HMAC, one purpose per key (a verification token cannot unsubscribe). ----

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const mac = (secret: string, purpose: string, body: string) => createHmac('sha256', `${purpose}:${secret}`).update(body).digest('base64url');

export function signLink(secret: string, purpose: 'verify' | 'unsubscribe', claims: Record<string, unknown>): string {
  const body = b64(JSON.stringify(claims));
  return `${body}.${mac(secret, purpose, body)}`;
}

function readLink(secret: string, purpose: 'verify' | 'unsubscribe', token: unknown): Record<string, unknown> {
  const invalid = () => badRequest('INVALID_LINK', 'This link is not valid (it may have been cut short, or it is not from us).');
  if (typeof token !== 'string' || token.length > 1000) throw invalid();
  const [body, signature] = token.split('.');
  if (!body || !signature) throw invalid();
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
}

const unsubscribeUrl = (settings: MailSettings, userId: string) => `${settings.publicUrl}/v1/email/unsubscribe?token=${signLink(settings.secret, 'unsubscribe', { u: userId })}`;

// ---- The account's settings (REST /v1/me/notifications, /v1/me/email) ----

export interface NotificationPreferences {
  email: string | null;
  emailVerified: boolean;
  emailMode: EmailMode;
  digestHours: number;
  /** False when this server sends no mail (SMTP_URL unset). */
  emailAvailable: boolean;
}

export async function preferencesOf(ctx: ServiceContext, mail: MailSettings, principal: Principal): Promise<NotificationPreferences> {
  const row = await notificationSettings(ctx.db, principal.userId);
  if (!row) throw notFound('Account');
  return { email: row.email, emailVerified: row.emailVerifiedAt !== null, emailMode: row.emailMode, digestHours: row.digestHours, emailAvailable: mail.transport !== null };
}

export async function changePreferences(ctx: ServiceContext, mail: MailSettings, principal: Principal, input: { emailMode?: unknown; digestHours?: unknown }) {
  if (input.emailMode !== undefined && !EMAIL_MODES.includes(input.emailMode as EmailMode)) throw badRequest('INVALID_NOTIFICATION_SETTINGS', `emailMode is one of ${EMAIL_MODES.join(', ')}.`);
  if (input.digestHours !== undefined && (!Number.isInteger(input.digestHours) || (input.digestHours as number) < 1 || (input.digestHours as number) > 168)) {
    throw badRequest('INVALID_NOTIFICATION_SETTINGS', 'digestHours is a whole number of hours from 1 to 168.');
  }
  await updateEmailPreferences(ctx.db, principal.userId, { emailMode: input.emailMode as EmailMode | undefined, digestHours: input.digestHours as number | undefined });
  // The owner of a verified address asking for mail again lifts its one-click unsubscribe (a bounce stays: the address was unverified).
  if (input.emailMode !== undefined && input.emailMode !== 'never') await liftSuppression(ctx.db, principal.userId);
  return preferencesOf(ctx, mail, principal);
}

/** Sets the account's address (unverified) and queues its verification mail; null removes it. */
export async function changeEmail(ctx: ServiceContext, mail: MailSettings, principal: Principal, email: unknown): Promise<NotificationPreferences> {
  if (email === null) {
    await removeEmail(ctx.db, principal.userId);
    return preferencesOf(ctx, mail, principal);
  }
  if (!mail.transport) throw new ServiceError(409, 'EMAIL_DISABLED', 'This server sends no e-mail (SMTP_URL is not set).');
  if (typeof email !== 'string' || email.length > 254 || !EMAIL_RE.test(email)) throw badRequest('INVALID_EMAIL', 'This is not an e-mail address we can send to (name@domain.tld).');
  const expires = ctx.now().getTime() + mail.verifyTtlMs;
  const token = signLink(mail.secret, 'verify', { u: principal.userId, e: email, x: expires });
  const noLimits = { changesPerAccount: null, verificationsPerAccount: null, verificationsPerAddress: null };
  const refused = await setEmail(ctx.db, principal.userId, email, mail.limits ?? noLimits, () => ({ email, link: `${mail.publicUrl}/v1/email/verify?token=${token}`, expiresAt: new Date(expires).toISOString() }));
  if (refused?.reason === 'suppressed') throw unprocessable('EMAIL_SUPPRESSED', 'This address refused our mail or asked for no more of it: we send nothing to it.');
  if (refused) {
    const why = {
      changes: 'This account changed its address too often',
      account: 'This account asked for too many verification mails',
      address: 'Too many verification mails went to this address',
      pending: 'A verification mail to this address is still waiting to be followed',
    }[refused.reason];
    throw new ServiceError(429, 'EMAIL_RATE_LIMITED', `${why}: try again in ${refused.retryAfterSeconds} s.`, { retryAfter: refused.retryAfterSeconds, scope: refused.reason });
  }
  ctx.work.deliveriesDue();
  return preferencesOf(ctx, mail, principal);
}

/** Follows a verification link. */
export async function verifyEmail(ctx: ServiceContext, mail: MailSettings, token: unknown): Promise<{ email: string }> {
  const claims = readLink(mail.secret, 'verify', token);
  if (typeof claims.x !== 'number' || claims.x < ctx.now().getTime()) throw badRequest('LINK_EXPIRED', 'This verification link has expired: set your address again to get a new one.');
  if (!(await markEmailVerified(ctx.db, String(claims.u), String(claims.e), ctx.now()))) {
    throw new ServiceError(409, 'EMAIL_CHANGED', 'The account’s address has changed since this link was sent.');
  }
  return { email: String(claims.e) };
}

/** One-click unsubscribe (RFC 8058): no more notification mail to this account. */
export async function unsubscribe(ctx: ServiceContext, mail: MailSettings, token: unknown): Promise<void> {
  const claims = readLink(mail.secret, 'unsubscribe', token);
  await ctx.db.user.updateMany({ where: { id: String(claims.u) }, data: { emailMode: 'never' } });
  // The address too: no account (a stranger setting it included) mails it again until its verified owner opts in again.
  const row = await notificationSettings(ctx.db, String(claims.u));
  if (row?.email) await suppressAddress(ctx.db, row.email, 'unsubscribed');
}

// ---- Composing ----

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Mail {
  subject: string;
  /** Paragraphs; each line is text, links are given apart so the HTML part makes them anchors. */
  lines: { text: string; link?: string; button?: string }[];
}

function seatDeadline(game: ClaimedGame, seat: number): Date | null {
  return deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats).find((entry) => entry.seat === seat)?.at ?? null;
}

function resultLine(game: ClaimedGame | undefined, payload: Record<string, unknown>): string {
  const result = (game?.result ?? payload.result) as { winners?: number[]; abandoned?: boolean; scores?: number[] | null } | null;
  if (!result) return 'The game was ended without a result.';
  if (result.abandoned) return 'The game was abandoned.';
  const name = (seat: number) => game?.seats.find((entry) => entry.seat === seat)?.username ?? `Seat ${seat}`;
  const winners = (result.winners ?? []).map(name);
  const scores = result.scores ? ` Scores: ${result.scores.map((score, seat) => `${name(seat)} ${score}`).join(', ')}.` : '';
  return `${winners.length === 0 ? 'Nobody won.' : `${winners.join(' and ')} won.`}${scores}`;
}

function compose(settings: MailSettings, rows: ClaimedNotification[], context: ClaimContext): Mail {
  const gameUrl = (id: string) => `${settings.publicUrl}/games/${id}`;
  const lines: Mail['lines'] = [];
  const subjects: string[] = [];
  for (const row of rows) {
    const game = row.gameId ? context.games.get(row.gameId) : undefined;
    const type = game?.type ?? String((row.payload.game as { type?: string } | undefined)?.type ?? 'a game');
    if (row.kind === 'game_over') {
      subjects.push(`Game over: ${type}`);
      lines.push({ text: `Your game of ${type} is over. ${resultLine(game, row.payload)}` }, { text: 'Watch the replay:', link: `${gameUrl(row.gameId!)}/replay` });
    } else if (row.kind === 'invitation') {
      const by = typeof row.payload.invitedBy === 'string' ? row.payload.invitedBy : 'Someone';
      subjects.push(`${by} invited you to ${type}`);
      lines.push({ text: `${by} keeps seat ${row.seat ?? ''} of a game of ${type} for you.` }, { text: 'Join it here:', link: gameUrl(row.gameId!) });
    } else if (row.kind === 'deadline_near') {
      const at = game && row.seat !== null ? seatDeadline(game, row.seat) : null;
      subjects.push(`Deadline near: ${type}`);
      lines.push({ text: `Your time to move in ${type} runs out${at ? ` at ${at.toUTCString()}` : ' soon'}.`, link: row.gameId ? gameUrl(row.gameId) : undefined });
    } else if (row.kind === 'your_turn') {
      subjects.push(`Your turn: ${type}`);
    }
  }
  // "Your turn" mails (and deadline warnings) list every game waiting for the person now, with its deadline.
  if (rows.some((row) => row.kind === 'your_turn' || row.kind === 'deadline_near')) {
    const mine = context.waiting;
    lines.push({ text: mine.length === 1 ? 'This game is waiting for your move:' : `These ${mine.length} games are waiting for your move:` });
    for (const game of mine) {
      const seat = game.seats.find((entry) => entry.userId === context.user.id && game.activeSeats.includes(entry.seat))?.seat;
      const at = seat === undefined ? null : seatDeadline(game, seat);
      lines.push({ text: `- ${game.type}${at ? `, deadline ${at.toUTCString()}` : ', no deadline'}:`, link: gameUrl(game.id) });
    }
  }
  const distinct = [...new Set(subjects)];
  const subject = distinct.length === 1 ? distinct[0]! : context.waiting.length > 0 ? `${context.waiting.length} games are waiting for you` : `${rows.length} notifications`;
  return { subject, lines };
}

function resetMail(settings: MailSettings, username: string, resetId: string, expiresAt: string): Mail {
  return {
    subject: 'Choose a new password',
    lines: [
      { text: `Someone (we hope you) asked to choose a new password for ${username}. Follow this link to do so:`, link: resetLink(settings, resetId) },
      { text: `It works once, until ${new Date(expiresAt).toUTCString()}. Using it logs out every other session of the account.` },
      { text: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
    ],
  };
}

/** Text and HTML parts; `unsubscribe` (null: none) adds the one-click footer of notification mails. */
function render(mail: Mail, unsubscribe: string | null): { text: string; html: string } {
  const footer = 'You get these mails because your account asked for them. Stop them with one click:';
  const text = [...mail.lines.map((line) => (line.link ? `${line.text} ${line.link}` : line.text)), ...(unsubscribe ? ['', `${footer} ${unsubscribe}`] : [])].join('\n');
  const html = `<!doctype html><html><body>${mail.lines
    .map((line) => `<p>${escapeHtml(line.text)}${line.link ? ` <a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a>` : ''}</p>`)
    .join('')}${unsubscribe ? `<hr><p style="font-size:small">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">unsubscribe</a></p>` : ''}</body></html>`;
  return { text, html };
}

// ---- Sending ----

/** Still worth sending, judged under the claim's lock: the turn is still the person's and no take-back reached it. */
export function isMoot(row: ClaimedNotification, game: ClaimedGame | undefined, userId: string): boolean {
  if (SOLO_KINDS.includes(row.kind) || row.kind === 'game_over') return false;
  if (!game) return true;
  if (row.kind === 'invitation') return game.status !== 'open' || !game.seats.some((seat) => seat.seat === row.seat && seat.reservedForId === userId && seat.userId === null);
  const version = row.gameVersion ?? 0;
  const takenBack = game.undos.some((undo) => undo.seq > version && undo.undoesSeq <= version);
  const seat = game.seats.find((entry) => entry.seat === row.seat);
  return takenBack || game.status !== 'active' || row.seat === null || !game.activeSeats.includes(row.seat) || seat?.userId !== userId || seat.bot !== null;
}

/** What a worker reports of each mail (metrics, tests). */
export type MailObserver = (attempt: { lagMs: number; failed: boolean; sent: number; moot: number }) => void;

/** Tests only: runs once the rows are claimed and judged, before the mail leaves. */
export type BeforeSend = (rows: ClaimedNotification[]) => Promise<void>;

/** A claimed row stays leased this long by default (longer than a send may take: SMTP's timeouts, every push endpoint's). */
export const DEFAULT_LEASE_MS = 120_000;

interface PreparedMail {
  address: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL; null for a mail that is no notification (a password reset). */
  unsubscribe: string | null;
  lagMs: number;
  moot: number;
  /** A digest: the person's previous digest time, restored if this one does not leave. */
  digestBefore?: Date | null;
}

/** A permanent refusal of the recipient by the relay (5xx to RCPT TO): the address is disabled. */
const isBounce = (error: unknown) => {
  const { responseCode, command } = error as { responseCode?: number; command?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && /RCPT/i.test(command ?? '');
};

/**
 * One claim: a person's pending mails, sent as one. Returns false when nothing was due. Claim,
 * commit, send, record (store/notifications.ts): the mail leaves with no transaction open.
 */
export async function sendDueMail(ctx: ServiceContext, settings: MailSettings, observe?: MailObserver, beforeSend?: BeforeSend): Promise<boolean> {
  const transport = settings.transport;
  if (!transport) return false;
  const claim = await claimNotifications<PreparedMail>(ctx.db, 'email', settings.leaseMs ?? DEFAULT_LEASE_MS, async (rows, context, client) => {
    if (rows.length === 0) return { settled: [], send: [] };
    const { user } = context;
    const verification = rows[0]!.kind === 'verify_email';
    // A password reset link (services/account-care.ts) goes to the verified address whatever the mail settings, while the link still works.
    const reset = rows[0]!.kind === 'password_reset';
    const resetId = String(rows[0]!.payload.resetId);
    const address = verification ? String(rows[0]!.payload.email) : user.email;
    const settled: Settled[] = [];
    // Unsubscribed, bounced, address removed or changed since: these rows leave no mail (a verification goes to the address it names, if still the account's;
    // a password reset link to the verified address whatever the mail settings, while the link still works).
    const wanted = !user.suppressed && (verification ? address === user.email && user.emailVerifiedAt === null
      : reset ? user.email !== null && user.emailVerifiedAt !== null && (await resetLinkLive(client, resetId))
      : user.email !== null && user.emailVerifiedAt !== null && user.emailMode !== 'never');
    const live = wanted ? rows.filter((row) => !isMoot(row, row.gameId ? context.games.get(row.gameId) : undefined, user.id)) : [];
    for (const row of rows) if (!live.includes(row)) settled.push({ id: row.id, status: wanted ? 'moot' : 'skipped' });
    const lagMs = ctx.now().getTime() - Math.min(...rows.map((row) => new Date(row.nextAttemptAt).getTime()));
    if (live.length === 0 || !address) return { settled, send: [], message: { address: '', subject: '', text: '', html: '', unsubscribe: '', lagMs, moot: settled.length } };
    let digestBefore: Date | null | undefined;
    if (!verification && !reset && user.emailMode === 'digest') {
      // Decided here, under the person's lock, not at insert: at most one digest per digestHours whatever the number of workers.
      const { rows: [digest] } = await client.query<{ next: Date | null; early: boolean }>(
        `SELECT last_digest_at + digest_hours * interval '1 hour' AS next, COALESCE(last_digest_at + digest_hours * interval '1 hour' > now(), false) AS early FROM users WHERE id = $1`, [user.id]);
      if (digest!.early) {
        for (const row of live) settled.push({ id: row.id, status: 'later', retryAt: digest!.next! });
        return { settled, send: [] };
      }
      digestBefore = user.lastDigestAt;
      await client.query('UPDATE users SET last_digest_at = now() WHERE id = $1', [user.id]);
    }
    const unsubscribe = unsubscribeUrl(settings, user.id);
    const mail: Mail = verification
      ? { subject: 'Confirm your e-mail address', lines: [{ text: `Follow this link to receive notifications for ${user.username} at this address:`, link: String(live[0]!.payload.link), button: 'Confirm this address' }, { text: 'If you did not ask for this, ignore this mail: nothing will be sent.' }] }
      : reset ? resetMail(settings, user.username, resetId, String(live[0]!.payload.expiresAt))
      : compose(settings, live, context);
    // A reset mail is no notification: nothing to unsubscribe from.
    const { text, html } = render(mail, reset ? null : unsubscribe);
    return { settled, send: live, message: { address, subject: mail.subject, text, html, unsubscribe: reset ? null : unsubscribe, lagMs, moot: settled.length, digestBefore } };
  });
  if (!claim) return false;
  const { rows: live, message: prepared, context } = claim;
  if (live.length === 0) {
    if (prepared) observe?.({ lagMs: prepared.lagMs, failed: false, sent: 0, moot: prepared.moot });
    return true;
  }
  const mail = prepared!;
  await beforeSend?.(live);
  const host = new URL(settings.publicUrl).hostname || 'localhost';
  const pool = ctx.db.pool;
  try {
    await transport.sendMail({
      from: settings.from, to: mail.address, subject: mail.subject, text: mail.text, html: mail.html,
      // At least once: a resend after a crash between the relay's answer and the record keeps this id, and receivers drop the copy.
      messageId: `<${live[0]!.id}@${host}>`,
      headers: mail.unsubscribe === null ? { 'Auto-Submitted': 'auto-generated' } : { 'List-Unsubscribe': `<${mail.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
    });
  } catch (error) {
    const message = (error as Error).message;
    const bounced = isBounce(error);
    const attempts = Math.max(...live.map((row) => row.attempts)) + 1;
    const retryAt = new Date(ctx.now().getTime() + Math.min(MAX_RETRY_MS, settings.retryBaseMs * 2 ** (attempts - 1)));
    const giveUp = bounced || attempts >= settings.maxAttempts;
    await settleNotifications(pool, live.map((row): Settled => (giveUp ? { id: row.id, status: 'failed', error: message } : { id: row.id, status: 'retry', retryAt, error: message })), null);
    // The relay refused the address for good: no more mail to it, from any account, until it is set and verified again.
    if (bounced) await suppressAddress(ctx.db, mail.address, 'bounced');
    if (mail.digestBefore !== undefined) await pool.query('UPDATE users SET last_digest_at = $2 WHERE id = $1', [context.user.id, mail.digestBefore]);
    ctx.log.warn(`mail to account ${context.user.id} failed (attempt ${attempts}): ${message}${bounced ? '; the address is disabled' : giveUp ? '; giving up' : `; retry at ${retryAt.toISOString()}`}`);
    observe?.({ lagMs: mail.lagMs, failed: true, sent: 0, moot: 0 });
    return true;
  }
  await settleNotifications(pool, live.map((row) => ({ id: row.id, status: 'sent' as const })), mail.address);
  observe?.({ lagMs: mail.lagMs, failed: false, sent: live.length, moot: mail.moot });
  return true;
}
