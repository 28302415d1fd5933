import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Principal } from '../auth/tokens.js';
import { badRequest, notFound, ServiceError, unprocessable } from '../errors.js';
import {
  EMAIL_MODES, SOLO_KINDS, liftSuppression, markEmailVerified, suppressAddress, type EmailLimits, notificationSettings, removeEmail, setEmail, claimNotifications, settleNotifications, updateEmailPreferences,
  type ClaimContext, type ClaimedGame, type ClaimedNotification, type EmailMode, type RecentEvent, type Settled,
} from '../store/notifications.js';
import { resetLinkLive } from '../store/account-care.js';
import { resetLink } from './account-care.js';
import { deadlines, type Clocks, type TimeControl } from './clock.js';
import { visibleLog } from '../engine/log.js';
import { gameName, nameSeats, playerLabel, seatNames, tidy } from '../shared/game-names.js';
import { intlTag, isLocale, renderLogEntry, translator, type Translator } from '../shared/i18n/index.js';
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
  /** The IANA time zone mails give times in (deadlines, link expiries); null: UTC. */
  timeZone: string | null;
  /** False when this server sends no mail (SMTP_URL unset). */
  emailAvailable: boolean;
}

export async function preferencesOf(ctx: ServiceContext, mail: MailSettings, principal: Principal): Promise<NotificationPreferences> {
  const row = await notificationSettings(ctx.db, principal.userId);
  if (!row) throw notFound('Account');
  return { email: row.email, emailVerified: row.emailVerifiedAt !== null, emailMode: row.emailMode, digestHours: row.digestHours, timeZone: row.timeZone, emailAvailable: mail.transport !== null };
}

/** An IANA time zone name as Intl knows it ("europe/paris" → "Europe/Paris"); null when it is none. */
export function timeZoneName(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export async function changePreferences(ctx: ServiceContext, mail: MailSettings, principal: Principal, input: { emailMode?: unknown; digestHours?: unknown; timeZone?: unknown }) {
  if (input.emailMode !== undefined && !EMAIL_MODES.includes(input.emailMode as EmailMode)) throw badRequest('INVALID_NOTIFICATION_SETTINGS', `emailMode is one of ${EMAIL_MODES.join(', ')}.`);
  if (input.digestHours !== undefined && (!Number.isInteger(input.digestHours) || (input.digestHours as number) < 1 || (input.digestHours as number) > 168)) {
    throw badRequest('INVALID_NOTIFICATION_SETTINGS', 'digestHours is a whole number of hours from 1 to 168.');
  }
  const timeZone = input.timeZone === undefined || input.timeZone === null ? input.timeZone : timeZoneName(input.timeZone);
  if (timeZone === null && input.timeZone !== null) {
    throw badRequest('INVALID_NOTIFICATION_SETTINGS', `timeZone is an IANA time zone name such as "Europe/Paris" or "America/New_York" (or null for UTC); ${JSON.stringify(String(input.timeZone).slice(0, 64))} is none.`);
  }
  await updateEmailPreferences(ctx.db, principal.userId, { emailMode: input.emailMode as EmailMode | undefined, digestHours: input.digestHours as number | undefined, timeZone });
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
    throw new ServiceError(429, 'EMAIL_RATE_LIMITED', `${why}: try again in ${refused.retryAfterSeconds} s.`, {
      // The limit it passed (one pending verification per address: a limit of 1, no window), for the RateLimit-* headers (http/problems.ts).
      retryAfter: refused.retryAfterSeconds, scope: refused.reason, limit: refused.limit?.max ?? 1, ...(refused.limit ? { windowSeconds: refused.limit.windowSeconds } : {}),
    });
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

/** Text (or an attribute's value) as HTML: mails here, and the pages a mail's links open (http/routes/notifications.ts). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A mail in sentences: paragraphs that name games by their title and players and people by their
 * usernames (never an id, never a URL in a sentence), each paragraph optionally followed by a
 * button (a link with words: an anchor styled as a button in the HTML part, "Words: URL" on a line
 * of its own in the text part).
 */
interface Mail {
  subject: string;
  paragraphs: { text: string; button?: { label: string; url: string } }[];
}

/** The translator of a person's language (the account's; none: English). */
export const recipientTranslator = (language: string | null | undefined): Translator => translator(isLocale(language) ? language : 'en');

const english = translator('en');

/**
 * A time as the person reads it: in their time zone (notification settings) if known, else in UTC,
 * with the zone named, in their language ("Saturday, 28 November 2026 at 21:00 (UTC)",
 * "Samstag, 28. November 2026 um 22:00 Uhr (Europe/Berlin)").
 */
export function localTime(at: Date, timeZone: string | null, tr: Translator = english): string {
  const zone = timeZone ?? 'UTC';
  // English keeps the British order ("Saturday, 28 November"), as mails always gave it.
  const tag = tr.locale === 'de' ? intlTag(tr.locale) : 'en-GB';
  const time = new Intl.DateTimeFormat(tag, { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).format(at);
  return zone === 'UTC' ? tr.t('mail.time.utc', { time }) : tr.t('mail.time.zone', { time, zone: zone.replace(/_/g, ' ') });
}

/**
 * The title of a game type as players know it: the catalog's `<type>.title` in the reader's language
 * when it has one, else the definition's, or the type id in words for a type this server no longer serves.
 */
export function gameTitleOf(ctx: ServiceContext, type: string, tr: Translator = english): string {
  const key = `${type}.title`;
  if (tr.has(key)) return tr.t(key);
  return ctx.catalog[type]?.title ?? type.replace(/-/g, ' ');
}

/** "Guild town with ann, bob" (src/shared/game-names.ts, as the web app names games), in the reader's language. */
export const nameOfGame = (ctx: ServiceContext, game: Pick<ClaimedGame, 'type' | 'seats'>, tr: Translator = english): string => gameName(gameTitleOf(ctx, game.type, tr), game.seats, tr);

function seatDeadline(game: ClaimedGame, seat: number): Date | null {
  return deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats).find((entry) => entry.seat === seat)?.at ?? null;
}

function resultLine(tr: Translator, game: ClaimedGame | undefined, payload: Record<string, unknown>): string {
  const result = (game?.result ?? payload.result) as { winners?: number[]; abandoned?: boolean; scores?: number[] | null } | null;
  if (!result) return tr.t('mail.result.none');
  if (result.abandoned) return tr.t('mail.result.abandoned');
  const names = seatNames(game?.seats ?? [], tr);
  const name = (seat: number) => names[seat] ?? playerLabel(seat, tr);
  const winners = (result.winners ?? []).map(name);
  const won = winners.length === 0 ? tr.t('mail.result.nobody') : tr.t('mail.result.won', { n: winners.length, winners: tr.list(winners) });
  const scores = result.scores ? tr.t('mail.result.scores', { scores: result.scores.map((score, seat) => tr.t('mail.result.score', { name: name(seat), score: tr.number(score) })).join(', ') }) : null;
  return scores ? `${won} ${scores}` : won;
}

/**
 * What happened since the recipient's own last move, from their seat's view of the log (never a line
 * hidden from it), oldest first, in their language: lines with a key from the catalog (renderLogEntry),
 * lines stored before keys in English as they were written.
 */
function sinceYourMove(tr: Translator, type: string, events: RecentEvent[], seat: number, names: readonly string[]): { mover: string | null; lines: string[] } {
  const since: RecentEvent[] = [];
  for (const event of events) {
    if ((event.seat === seat && event.kind === 'action') || event.kind === 'start') break;
    since.unshift(event);
  }
  const lines = since.slice(-3).flatMap((event) => {
    const who = event.seat === null ? null : names[event.seat] ?? playerLabel(event.seat, tr);
    const visible = visibleLog(event.log, seat).map((entry) => renderLogEntry(tr, type, entry, names) ?? tidy(nameSeats(entry.message, names)));
    if (visible.length > 0) return visible;
    const key = ({ action: 'mail.event.action', undo: 'mail.event.undo', resign: 'mail.event.resign', timeout: 'mail.event.timeout' } as const)[event.kind as 'action'];
    return who && key ? [tr.t(key, { who })] : [];
  });
  const last = since.at(-1);
  return { mover: last && last.seat !== null && last.seat !== seat ? names[last.seat] ?? playerLabel(last.seat, tr) : null, lines };
}

function compose(ctx: ServiceContext, settings: MailSettings, rows: ClaimedNotification[], context: ClaimContext, tr: Translator): Mail {
  const gameUrl = (id: string) => `${settings.publicUrl}/games/${id}`;
  const when = (at: Date) => localTime(at, context.user.timeZone, tr);
  const paragraphs: Mail['paragraphs'] = [];
  const subjects: string[] = [];
  const play = (id: string) => ({ label: tr.t('mail.button.play'), url: gameUrl(id) });
  const told = new Set<string>();
  for (const row of rows) {
    const game = row.gameId ? context.games.get(row.gameId) : undefined;
    const payloadGame = row.payload.game as { type?: string } | undefined;
    const name = game ? nameOfGame(ctx, game, tr) : gameTitleOf(ctx, String(payloadGame?.type ?? 'a game'), tr);
    if (row.kind === 'game_over') {
      subjects.push(tr.t('mail.game-over.subject', { game: name }));
      paragraphs.push({ text: `${tr.t('mail.game-over.body', { game: name })} ${resultLine(tr, game, row.payload)}`, button: { label: tr.t('mail.button.replay'), url: `${gameUrl(row.gameId!)}/replay` } });
    } else if (row.kind === 'invitation') {
      const by = typeof row.payload.invitedBy === 'string' ? row.payload.invitedBy : tr.t('mail.someone');
      subjects.push(tr.t('mail.invitation.subject', { by, title: game ? gameTitleOf(ctx, game.type, tr) : name }));
      paragraphs.push({ text: tr.t('mail.invitation.body', { by, game: name }), button: { label: tr.t('mail.button.join'), url: gameUrl(row.gameId!) } });
    } else if (row.kind === 'deadline_near') {
      const at = game && row.seat !== null ? seatDeadline(game, row.seat) : null;
      subjects.push(tr.t('mail.deadline.subject', { game: name }));
      paragraphs.push({ text: at ? tr.t('mail.deadline.body', { game: name, when: when(at) }) : tr.t('mail.deadline.body.soon', { game: name }), button: row.gameId ? play(row.gameId) : undefined });
      if (row.gameId) told.add(row.gameId);
    } else if (row.kind === 'your_turn') {
      subjects.push(tr.t('mail.turn.subject', { game: name }));
      if (!game || told.has(game.id) || row.seat === null) continue;
      // The newest turn row of the game speaks for it (a digest may hold several).
      if (rows.some((other) => other.kind === 'your_turn' && other.gameId === game.id && (other.gameVersion ?? 0) > (row.gameVersion ?? 0))) continue;
      told.add(game.id);
      const names = seatNames(game.seats, tr);
      const { mover, lines } = sinceYourMove(tr, game.type, context.recent.get(game.id) ?? [], row.seat, names);
      const at = seatDeadline(game, row.seat);
      paragraphs.push({
        text: [
          mover ? tr.t('mail.turn.moved', { mover, game: name }) : tr.t('mail.turn.yours', { game: name }),
          ...(lines.length > 0 ? [tr.t('mail.turn.since', { lines: lines.join(' ') })] : []),
          at ? tr.t('mail.turn.deadline', { when: when(at) }) : tr.t('mail.turn.no-deadline'),
        ].join(' '),
        button: play(game.id),
      });
    }
  }
  // Turn mails (and deadline warnings) also list the other games waiting for the person now, with their deadlines.
  const others = rows.some((row) => row.kind === 'your_turn' || row.kind === 'deadline_near') ? context.waiting.filter((game) => !told.has(game.id)) : [];
  if (others.length > 0) paragraphs.push({ text: tr.t('mail.waiting.intro', { n: others.length }) });
  for (const game of others) {
    const seat = game.seats.find((entry) => entry.userId === context.user.id && game.activeSeats.includes(entry.seat))?.seat;
    const at = seat === undefined ? null : seatDeadline(game, seat);
    const other = nameOfGame(ctx, game, tr);
    paragraphs.push({ text: at ? tr.t('mail.waiting.deadline', { game: other, when: when(at) }) : tr.t('mail.waiting.no-deadline', { game: other }), button: play(game.id) });
  }
  const distinct = [...new Set(subjects)];
  const subject = distinct.length === 1 ? distinct[0]! : context.waiting.length > 0 ? tr.t('mail.subject.waiting', { n: context.waiting.length }) : tr.t('mail.subject.notifications', { n: rows.length });
  return { subject, paragraphs };
}

function verificationMail(tr: Translator, username: string, payload: Record<string, unknown>, timeZone: string | null): Mail {
  const body = tr.t('mail.verify.body', { username });
  const text = typeof payload.expiresAt === 'string' ? `${body} ${tr.t('mail.verify.until', { when: localTime(new Date(payload.expiresAt), timeZone, tr) })}` : body;
  return {
    subject: tr.t('mail.verify.subject'),
    paragraphs: [
      { text, button: { label: tr.t('mail.verify.button'), url: String(payload.link) } },
      { text: tr.t('mail.verify.ignore') },
    ],
  };
}

function resetMail(tr: Translator, settings: MailSettings, username: string, resetId: string, expiresAt: string, timeZone: string | null): Mail {
  return {
    subject: tr.t('mail.reset.subject'),
    paragraphs: [
      { text: tr.t('mail.reset.body', { username }), button: { label: tr.t('mail.reset.button'), url: resetLink(settings, resetId) } },
      { text: tr.t('mail.reset.until', { when: localTime(new Date(expiresAt), timeZone, tr) }) },
      { text: tr.t('mail.reset.ignore') },
    ],
  };
}

const BUTTON_STYLE = 'display:inline-block;padding:10px 18px;border-radius:6px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none';

/** Text and HTML parts; `unsubscribe` (null: none) adds the one-click footer of notification mails. Every string is escaped in the HTML part. */
function render(tr: Translator, mail: Mail, unsubscribe: string | null): { text: string; html: string } {
  const footer = tr.t('mail.footer');
  const unsubscribeLabel = tr.t('mail.unsubscribe');
  const text = [
    ...mail.paragraphs.flatMap((paragraph) => [paragraph.text, ...(paragraph.button ? [`${paragraph.button.label}: ${paragraph.button.url}`] : []), '']),
    ...(unsubscribe ? [footer, `${unsubscribeLabel}: ${unsubscribe}`] : []),
  ].join('\n').trimEnd();
  const html = `<!doctype html><html lang="${tr.locale === 'pseudo' ? 'en-XA' : tr.locale}"><body>${mail.paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph.text)}</p>${paragraph.button ? `<p><a href="${escapeHtml(paragraph.button.url)}" style="${BUTTON_STYLE}">${escapeHtml(paragraph.button.label)}</a></p>` : ''}`)
    .join('')}${unsubscribe ? `<hr><p style="font-size:small">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(unsubscribeLabel)}</a></p>` : ''}</body></html>`;
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
    // In the recipient's language (the account's; none: English).
    const tr = recipientTranslator(user.language);
    const mail: Mail = verification ? verificationMail(tr, user.username, live[0]!.payload, user.timeZone)
      : reset ? resetMail(tr, settings, user.username, resetId, String(live[0]!.payload.expiresAt), user.timeZone)
      : compose(ctx, settings, live, context, tr);
    // A reset mail is no notification: nothing to unsubscribe from.
    const { text, html } = render(tr, mail, reset ? null : unsubscribe);
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
