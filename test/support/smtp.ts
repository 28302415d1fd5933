import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../src/config.js';
import type { MailSettings } from '../../src/services/notifications.js';
import { TEST_JWT_SECRET } from './api.js';
import { waitFor } from './wait.js';

/**
 * A real SMTP receiver for the mail tests (smtp-server on a free local port, each mail parsed with
 * mailparser), with the server settings that mail through it. One home for what the API and browser
 * mail tests share: start it, read what each address got, wait for a mail, close it.
 */
export const PUBLIC_URL = 'http://games.example.test';
export const MAIL_FROM = 'Board games <games@example.test>';

export interface ReceivedMail {
  /** The envelope's recipients, joined by commas. */
  to: string;
  mail: ParsedMail;
}

export interface SmtpReceiverOptions {
  /** A mailbox the relay refuses for good (550 to RCPT TO). */
  refuse?: (address: string) => boolean;
  /** Read the DATA of a mail to `to` but never answer it: returns what to call once it is read (null: answer as usual). */
  hold?: (to: string) => (() => void) | null;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`: the server's SMTP_URL. */
  url: string;
  /** Every mail accepted, in order. */
  received: ReceivedMail[];
  /** The server settings that mail through this receiver (SMTP_URL, MAIL_FROM, PUBLIC_URL). */
  config: Partial<Config>;
  mailsTo(address: string): ReceivedMail[];
  /** Drops what `address` got so far. */
  forget(address: string): void;
  /** The first mail to `address` that `which` accepts (a subject, or a test of the mail), waiting for it. */
  waitForMail(address: string, which: string | ((mail: ParsedMail) => boolean), timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
      const held = options.hold?.(to);
      if (held) {
        stream.resume();
        stream.on('end', held);
        return; // never answered: not accepted
      }
      simpleParser(stream).then((mail) => {
        received.push({ to, mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  const mailsTo = (address: string) => received.filter((entry) => entry.to === address);
  return {
    url, received, mailsTo,
    config: { smtpUrl: url, mailFrom: MAIL_FROM, publicUrl: PUBLIC_URL },
    forget: (address) => void received.splice(0, received.length, ...received.filter((entry) => entry.to !== address)),
    waitForMail: (address, which, timeoutMs = 20_000) => waitFor(
      async () => mailsTo(address).find((entry) => (typeof which === 'string' ? entry.mail.subject === which : which(entry.mail))),
      timeoutMs, `${typeof which === 'string' ? `"${which}"` : 'a mail'} to ${address}`),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Mail settings for a test that sends the outbox itself (`sendDueMail`), through `receiver`. */
export const testMailer = (receiver: SmtpReceiver): MailSettings => ({
  transport: createTransport({ url: receiver.url }), from: MAIL_FROM, publicUrl: PUBLIC_URL, secret: TEST_JWT_SECRET,
  retryBaseMs: 200, maxAttempts: 3, verifyTtlMs: 3600_000,
});

/** The path (and query) of the link a mail's text part gives for `path` ("/v1/email/verify"), under PUBLIC_URL. */
export function linkIn(mail: ParsedMail, path: string): string | undefined {
  const escaped = `${PUBLIC_URL}${path}`.replace(/[.?/]/g, (c) => `\\${c}`);
  return new RegExp(`${escaped}(\\S*)`).exec(mail.text ?? '')?.[0]?.slice(PUBLIC_URL.length);
}

/** A header of a received mail, as written (lower-case name). */
export const headerOf = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim();
