import pg from 'pg';

/**
 * Following the primary of a replicated cluster (docs/operations.md). `DATABASE_URL` may name
 * several hosts as libpq and `pg_autoctl show uri` write them
 * (`postgresql://a:5432,b:5433/db?target_session_attrs=read-write`); node-postgres takes one. Every
 * connection the service makes (the pools of Prisma's adapter and of the raw statements, the LISTEN
 * clients, the migrator) goes through `primaryClient`: it connects to the host last found to be the
 * primary, and when that fails or answers as a standby it forgets it, so the next connection
 * probes the hosts in order (SELECT pg_is_in_recovery()) and takes the first that writes; a new
 * connection serves nothing before the primary's synchronous standby holds all it committed
 * (standbyHasEverything). A
 * connection whose statement is refused as read-only (SQLSTATE 25006: its host was demoted under
 * it) is cut, so the pool drops it. Requests in between see an unavailable database (503
 * DATABASE_UNAVAILABLE, store/unavailable.ts); nothing retries a statement by itself.
 *
 * A URL of one host without target_session_attrs keeps plain node-postgres clients (the embedded
 * default is untouched).
 */

export interface HostPort {
  host: string;
  port: number;
}

export interface DatabaseTarget {
  hosts: HostPort[];
  /** Whether connections must find the writable host (several hosts, or target_session_attrs read-write / primary). */
  followsPrimary: boolean;
  /** The URL with only this host in it (everything else kept, target_session_attrs removed: node-postgres does not know it). */
  urlFor(host: HostPort): string;
  /** The hosts as the URL names them, for messages. */
  describe(): string;
}

export class DatabaseUrlError extends Error {}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/;
const WRITABLE_ATTRS = new Set(['read-write', 'primary']);
const KNOWN_ATTRS = new Set(['any', 'read-write', 'primary']);

function parseHost(text: string): HostPort {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const plain = /^([^:[\]]*)(?::(\d+))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) throw new DatabaseUrlError(`cannot read the host "${text}" in the database URL`);
  const port = match[2] === undefined || match[2] === '' ? 5432 : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new DatabaseUrlError(`the port of "${text}" in the database URL is not a port`);
  return { host: bracketed ? match[1]! : decodeURIComponent(match[1] || 'localhost'), port };
}

/** Reads a postgres:// URL that may list several hosts (`host1:port1,host2:port2`). */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  const match = URL_SHAPE.exec(databaseUrl.trim());
  if (!match) throw new DatabaseUrlError('the database URL must start with postgres:// or postgresql://');
  const [, scheme, credentials, hostList, rest] = match as unknown as [string, string, string | undefined, string, string];
  const hosts = hostList.split(',').map(parseHost);
  const query = new URLSearchParams(rest.includes('?') ? rest.slice(rest.indexOf('?') + 1).split('#')[0] : '');
  const attrs = query.get('target_session_attrs');
  if (attrs !== null && !KNOWN_ATTRS.has(attrs)) throw new DatabaseUrlError(`target_session_attrs=${attrs} is not supported (use read-write, primary or any)`);
  const followsPrimary = hosts.length > 1 || (attrs !== null && WRITABLE_ATTRS.has(attrs));
  const urlFor = (host: HostPort) => {
    const hostText = host.host.includes(':') ? `[${host.host}]` : encodeURIComponent(host.host);
    const url = new URL(`${scheme}${credentials === undefined ? '' : `${credentials}@`}${hostText}:${host.port}${rest}`);
    url.searchParams.delete('target_session_attrs');
    return url.toString();
  };
  return { hosts, followsPrimary, urlFor, describe: () => hosts.map(({ host, port }) => `${host}:${port}`).join(',') };
}

/** A connection error that carries SQLSTATE 08001 (as libpq says it): no host answered as primary; nothing was sent. */
export class NoPrimaryError extends Error {
  readonly code = '08001';
  readonly severity = 'ERROR';
  constructor(hosts: string, reasons: string[]) {
    super(`no host of ${hosts} answers as a writable primary (${reasons.join('; ')})`);
  }
}

/** How long a probe of one host may take (a host whose machine is gone answers nothing). */
const PROBE_TIMEOUT_MS = 3000;

/**
 * Which host is the primary now: remembered until a connection to it fails or finds it read-only,
 * then found again by probing every host in order (one probe at a time, shared by all callers).
 */
export class PrimaryLocator {
  private current: HostPort | null = null;
  private probing: Promise<HostPort> | null = null;
  /** How many times the primary was (re)found: a failover shows as a second find. */
  finds = 0;

  constructor(readonly target: DatabaseTarget, private readonly clientConfig: pg.ClientConfig = {}) {}

  async primary(): Promise<HostPort> {
    if (this.current) return this.current;
    this.probing ??= this.probe().finally(() => (this.probing = null));
    return this.probing;
  }

  /** This host failed or turned out read-only: the next connection probes again. */
  lost(host: HostPort): void {
    if (this.current && this.current.host === host.host && this.current.port === host.port) this.current = null;
  }

  private async probe(): Promise<HostPort> {
    const reasons: string[] = [];
    for (const host of this.target.hosts) {
      const client = new pg.Client({ ...this.clientConfig, connectionString: this.target.urlFor(host), connectionTimeoutMillis: PROBE_TIMEOUT_MS, application_name: 'boardgame-server-probe' });
      client.on('error', () => {});
      try {
        await client.connect();
        if (await readOnly(client)) {
          reasons.push(`${host.host}:${host.port} is read-only`);
          continue;
        }
        this.current = host;
        this.finds++;
        return host;
      } catch (error) {
        reasons.push(`${host.host}:${host.port}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    throw new NoPrimaryError(this.target.describe(), reasons);
  }
}

/** A standby (in recovery) or a session that cannot write (what libpq's target_session_attrs=read-write checks). */
async function readOnly(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ read_only: boolean }>(`SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on' AS read_only`);
  return rows[0]!.read_only;
}

/**
 * Whether the synchronous standby holds every commit of this primary, asked before a new connection
 * serves anything. A commit waits for the standby before it is acknowledged, but PostgreSQL shows it
 * to other sessions before that, and a primary whose PostgreSQL crashed while a commit waited, and
 * which its keeper restarted, shows that commit after crash recovery without waiting at all. If the
 * monitor then promotes the standby (which never received it), a reader has seen a move that is
 * gone: the failover test's "version went back". Every connection is new after a restart, so one
 * commit of our own per connection closes it: it writes WAL (a transactional logical message, which
 * any role may emit at wal_level replica), so its commit waits until the standby has flushed it and
 * everything before it. While the standby does not confirm, the connection waits (the pool's
 * DATABASE_POOL_WAIT_MS, then 503) and pg_auto_failover either streams to the standby again or
 * demotes this node. A wait cut short by a cancel (pg_cancel_backend; statement_timeout is off
 * during a commit) ends in PostgreSQL's WARNING "canceling wait for synchronous replication" and a
 * commit that still succeeds: that is a "no". Without a synchronous standby (one node left,
 * `wait_primary`) there is nothing to wait for.
 */
async function standbyHasEverything(client: pg.Client): Promise<boolean> {
  let canceled = false;
  const onNotice = (notice: { message?: string }) => {
    if (notice.message?.includes('canceling wait for synchronous replication')) canceled = true;
  };
  client.on('notice', onNotice);
  try {
    await client.query(`SELECT CASE WHEN current_setting('synchronous_standby_names') <> '' THEN pg_logical_emit_message(true, 'boardgame-server', 'replicated before serving') END`);
  } finally {
    client.off('notice', onNotice);
  }
  return !canceled;
}

/** SQLSTATE 25006 read_only_sql_transaction: the host this connection is on no longer writes. */
const READ_ONLY_TRANSACTION = '25006';

type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void);

/**
 * A node-postgres Client class (for `new pg.Pool({ Client })` or `new Client(config)`) that
 * connects to the locator's primary and leaves a host that turned read-only.
 */
export function primaryClient(locator: PrimaryLocator): typeof pg.Client {
  return class PrimaryClient extends pg.Client {
    private target: HostPort | null = null;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A connection's death (a failover sends FATAL 57P01 or cuts the socket) is also delivered to its
      // statement in flight, and a client held between statements fails its next one as "not
      // queryable" (both "unavailable"); the pool listens to its idle clients. Without this listener
      // the 'error' event of a client being checked (connectToPrimary) or held would crash the process.
      this.on('error', () => {});
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      // Every statement's failure is looked at (promise and callback forms; Prisma's adapter and store/ use the promise form).
      this.query = ((...args: unknown[]) => {
        const last = args.at(-1);
        if (typeof last === 'function') {
          args[args.length - 1] = (error: Error | null, ...rest: unknown[]) => {
            if (error) this.noteFailure(error);
            return (last as (...a: unknown[]) => unknown)(error, ...rest);
          };
        }
        const result = query(...args);
        if (result instanceof Promise) result.catch((error: Error) => this.noteFailure(error));
        return result;
      }) as typeof this.query;
    }

    private noteFailure(error: Error) {
      if ((error as { code?: string }).code !== READ_ONLY_TRANSACTION || !this.target) return;
      locator.lost(this.target);
      // Cut the connection: the pool drops a client that is no longer queryable.
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const done = this.connectToPrimary().then(() => this as pg.Client);
      if (!callback) return done;
      done.then((client) => (callback as (error: null, client: pg.Client) => void)(null, client), (error: Error) => (callback as (error: Error) => void)(error));
    }

    private async connectToPrimary(): Promise<void> {
      const host = await locator.primary();
      this.target = host;
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = host.host;
      self.port = self.connectionParameters.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        locator.lost(host);
        throw error;
      }
      // Why this host will not do (null: it will), or the error that cut the check short.
      let refusal: string | null;
      try {
        if (await readOnly(this)) refusal = 'it answered as a standby';
        else refusal = (await standbyHasEverything(this)) ? null : 'its synchronous standby did not confirm its commits';
      } catch (error) {
        locator.lost(host);
        await this.end().catch(() => {});
        throw error;
      }
      if (refusal) {
        locator.lost(host);
        await this.end().catch(() => {});
        throw new NoPrimaryError(`${host.host}:${host.port}`, [refusal]);
      }
    }
  };
}

/** One locator per URL in this process: the pools, the LISTEN clients and the migrator follow the same primary. */
const locators = new Map<string, PrimaryLocator>();

/**
 * What a pool or a client needs to connect to `databaseUrl`: the connection string (one host) and,
 * when the URL asks to follow the primary, the Client class that does.
 */
export function connectionFor(databaseUrl: string): { connectionString: string; Client: typeof pg.Client; locator: PrimaryLocator | null } {
  const target = parseDatabaseUrl(databaseUrl);
  if (!target.followsPrimary) return { connectionString: databaseUrl, Client: pg.Client, locator: null };
  let locator = locators.get(databaseUrl);
  if (!locator) locators.set(databaseUrl, (locator = new PrimaryLocator(target)));
  return { connectionString: target.urlFor(target.hosts[0]!), Client: primaryClient(locator), locator };
}
