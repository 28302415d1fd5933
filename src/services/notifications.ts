import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Principal } from '../auth/tokens.js';
import { badRequest, notFound, ServiceError } from '../errors.js';
import {
  EMAIL_MODES, markEmailVerified, SOLO_KINDS, notificationSettings, removeEmail, setEmail, settleNotifications, updateEmailPreferences, withClaimedNotifications,
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
}

const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
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
  await setEmail(ctx.db, principal.userId, email, () => ({ email, link: `${mail.publicUrl}/v1/email/verify?token=${token}`, expiresAt: new Date(expires).toISOString() }));
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
}

// ---- Composing ----

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Mail {
  subject: string;
  /** Paragraphs; each line is text, links are given apart so the HTML part makes them anchors. */
  lines: { text: string; link?: string }[];
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

/** One claim: a person's pending mails, sent as one. Returns false when nothing was due. */
export async function sendDueMail(ctx: ServiceContext, settings: MailSettings, observe?: MailObserver, beforeSend?: BeforeSend): Promise<boolean> {
  const transport = settings.transport;
  if (!transport) return false;
  return withClaimedNotifications(ctx.db, 'email', async (rows, context, client) => {
    if (rows.length === 0) return;
    const { user } = context;
    const verification = rows[0]!.kind === 'verify_email';
    // A password reset link (services/account-care.ts) goes to the verified address whatever the mail settings, while the link still works.
    const reset = rows[0]!.kind === 'password_reset';
    const resetId = String(rows[0]!.payload.resetId);
    const address = verification ? String(rows[0]!.payload.email) : user.email;
    const settled: Settled[] = [];
    // Unsubscribed, address removed or changed since: these rows leave no mail (a verification goes to the address it names, if still the account's).
    const wanted = verification ? address === user.email && user.emailVerifiedAt === null
      : reset ? user.email !== null && user.emailVerifiedAt !== null && (await resetLinkLive(client, resetId))
      : user.email !== null && user.emailVerifiedAt !== null && user.emailMode !== 'never';
    const live = wanted ? rows.filter((row) => !isMoot(row, row.gameId ? context.games.get(row.gameId) : undefined, user.id)) : [];
    for (const row of rows) if (!live.includes(row)) settled.push({ id: row.id, status: wanted ? 'moot' : 'skipped' });
    const lagMs = ctx.now().getTime() - Math.min(...rows.map((row) => new Date(row.nextAttemptAt).getTime()));
    if (live.length === 0 || !address) {
      await settleNotifications(client, settled, null);
      observe?.({ lagMs, failed: false, sent: 0, moot: settled.length });
      return;
    }
    const unsubscribe = unsubscribeUrl(settings, user.id);
    const mail: Mail = verification
      ? { subject: 'Confirm your e-mail address', lines: [{ text: `Follow this link to receive notifications for ${user.username} at this address:`, link: String(live[0]!.payload.link) }, { text: 'If you did not ask for this, ignore this mail: nothing will be sent.' }] }
      : reset ? resetMail(settings, user.username, resetId, String(live[0]!.payload.expiresAt))
      : compose(settings, live, context);
    // A reset mail is no notification: nothing to unsubscribe from.
    const { text, html } = render(mail, reset ? null : unsubscribe);
    await beforeSend?.(live);
    const host = new URL(settings.publicUrl).hostname || 'localhost';
    try {
      await transport.sendMail({
        from: settings.from, to: address, subject: mail.subject, text, html,
        // The same id on a resend after a crash between the relay's answer and our commit: receivers drop the copy.
        messageId: `<${live[0]!.id}@${host}>`,
        headers: reset ? { 'Auto-Submitted': 'auto-generated' } : { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const message = (error as Error).message;
      const attempts = Math.max(...live.map((row) => row.attempts)) + 1;
      const retryAt = new Date(ctx.now().getTime() + Math.min(MAX_RETRY_MS, settings.retryBaseMs * 2 ** (attempts - 1)));
      for (const row of live) settled.push(attempts >= settings.maxAttempts ? { id: row.id, status: 'failed', error: message } : { id: row.id, status: 'retry', retryAt, error: message });
      await settleNotifications(client, settled, null);
      ctx.log.warn(`mail to account ${user.id} failed (attempt ${attempts}): ${message}${attempts >= settings.maxAttempts ? '; giving up' : `; retry at ${retryAt.toISOString()}`}`);
      observe?.({ lagMs, failed: true, sent: 0, moot: 0 });
      return;
    }
    for (const row of live) settled.push({ id: row.id, status: 'sent' });
    await settleNotifications(client, settled, address);
    if (!verification && !reset && user.emailMode === 'digest') await client.query('UPDATE users SET last_digest_at = now() WHERE id = $1', [user.id]);
    observe?.({ lagMs, failed: false, sent: live.length, moot: settled.length - live.length });
  });
}

