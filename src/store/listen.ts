import type pg from 'pg';
import { connectionFor } from './primary.js';

/**
 * A connection of its own that LISTENs on one channel, for as long as the process runs: after a
 * loss it reconnects every second, and `onConnected` runs after each (re)connection, since
 * notifications sent while it was away are lost (the listener then rereads what it keeps).
 * `ready` settles once the first attempt is over (listening, or failed and retrying), so a caller
 * can wait until the NOTIFYs of other processes reach this one.
 */
export interface Listener {
  ready: Promise<void>;
  /** Listening now (false before the first connection and while reconnecting). */
  connected(): boolean;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** After each (re)connection, once LISTEN is in place. */
  onConnected(): void | Promise<void>;
  /** The connection was lost (reconnecting). */
  onLost?(): void;
}

export function listenChannel(databaseUrl: string, channel: string, handlers: ListenHandlers, log: { warn(message: string): void }, applicationName = 'boardgame-server-listen'): Listener {
  let firstAttemptOver: () => void = () => {};
  const ready = new Promise<void>((resolve) => (firstAttemptOver = resolve));
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // LISTEN works on the primary only: a URL of several hosts follows it (store/primary.ts).
  const { connectionString, Client } = connectionFor(databaseUrl);
  const connect = async () => {
    const next = new Client({ connectionString, application_name: applicationName });
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    let lost = false;
    // Once per connection, however it fails (an error event, a failed connect, or both).
    const reconnect = (error: Error) => {
      if (closed || lost) return;
      lost = true;
      log.warn(`the LISTEN ${channel} connection failed (${error.message}); reconnecting in a second`);
      void next.end().catch(() => {});
      if (client === next) {
        client = null;
        handlers.onLost?.();
      }
      retry = setTimeout(() => void connect(), 1000);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect(new Error('the connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      reconnect(error as Error);
      firstAttemptOver();
      return;
    }
    if (closed) {
      firstAttemptOver();
      return void (await next.end().catch(() => {}));
    }
    client = next;
    try {
      await handlers.onConnected();
    } catch (error) {
      reconnect(error as Error);
    }
    firstAttemptOver();
  };
  void connect();
  return {
    ready,
    connected: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
