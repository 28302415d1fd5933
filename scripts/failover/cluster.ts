/**
 * A pg_auto_failover cluster on this machine, for `npm run failover`, `npm run restore-drill` and the
 * failover test (docs/operations.md): a monitor and two data nodes (synchronous replication,
 * automatic promotion), each a `pg_autoctl` process that runs its own PostgreSQL, on ports and in a
 * folder of their own (never the PostgreSQL on 5432), all on 127.0.0.1; WAL archived continuously
 * by pgBackRest from whichever node is primary (archive_command on both nodes: only a primary archives).
 *
 * pg_autoctl and PostgreSQL refuse to run as root: as root they run as the `postgres` system user.
 * Every node runs in a process group of its own, so "the machine died" is one SIGKILL of the group.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The Debian packages the cluster needs (.ci/run installs them on a fresh machine). */
export const CLUSTER_PACKAGES = ['postgresql-15-auto-failover', 'pg-auto-failover-cli', 'pgbackrest'];
export const STANZA = 'bgs';
/** Where PostgreSQL (Debian's build) puts its Unix sockets; pgBackRest reaches a local node only through one. */
const SOCKET_DIR = '/var/run/postgresql';

export class ClusterPrerequisiteError extends Error {}

/**
 * What sets the seconds without writes on failover (docs/operations.md §3), lowered from
 * pg_auto_failover's defaults (in comments) to meet ≤ 30 s when a whole node is lost. The monitor's,
 * set with ALTER SYSTEM on the monitor (the man page's "Configuring pg_auto_failover"):
 */
export const MONITOR_SETTINGS: Record<string, number> = {
  /** ms between two health checks of every node (5000). */
  'pgautofailover.health_check_period': 2000,
  /** ms a health check's connection may take (5000). */
  'pgautofailover.health_check_timeout': 2000,
  /** Failed checks retried this many times (2), this many ms apart (2000), before the node is marked bad. */
  'pgautofailover.health_check_max_retries': 2,
  'pgautofailover.health_check_retry_delay': 1000,
  /** ms without a report from a node's keeper before its bad health checks count (20000): a node whose keeper is gone too. */
  'pgautofailover.node_considered_unhealthy_timeout': 8000,
  /** ms the standby waits in stop_replication for a lost primary to drain before it is promoted anyway (30000). */
  'pgautofailover.primary_demote_timeout': 10000,
};
/**
 * The keepers' (`pg_autoctl config set`): seconds a primary that reaches neither the monitor nor a
 * standby keeps serving before it demotes itself (20). Below primary_demote_timeout, so that a
 * primary cut off by the network has stopped before the standby is promoted in its place.
 */
export const KEEPER_SETTINGS: Record<string, number> = { 'timeout.network_partition_timeout': 8 };

export interface Tools {
  /** PostgreSQL's binaries (pg_ctl, initdb, …) of the version the pgautofailover extension is built for. */
  bindir: string;
  pgAutoctl: string;
  pgbackrest: string;
  /** Run as this user (root: the postgres system user). */
  uid?: number;
  gid?: number;
}

const which = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || null;

/** Finds pg_autoctl, pgBackRest and a PostgreSQL with the pgautofailover extension, or says what to install. */
export function findTools(): Tools {
  const missing: string[] = [];
  const pgAutoctl = which('pg_autoctl');
  if (!pgAutoctl) missing.push('pg-auto-failover-cli (pg_autoctl)');
  const pgbackrest = which('pgbackrest');
  if (!pgbackrest) missing.push('pgbackrest');
  const versions = existsSync('/usr/share/postgresql') ? readdirSync('/usr/share/postgresql').filter((version) => existsSync(`/usr/share/postgresql/${version}/extension/pgautofailover.control`) && existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`)) : [];
  if (versions.length === 0) missing.push('postgresql-15-auto-failover (the pgautofailover extension and its PostgreSQL)');
  let ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0) missing.push('the postgres system user (pg_autoctl refuses to run as root; the postgresql packages create it)');
    else ids = { uid: Number(uid.stdout), gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout) };
  }
  if (missing.length > 0) {
    throw new ClusterPrerequisiteError(`the failover cluster needs ${missing.join(', ')}: apt-get install ${CLUSTER_PACKAGES.join(' ')} (.ci/run does this on a fresh machine)`);
  }
  const version = versions.sort((a, b) => Number(b) - Number(a))[0]!;
  return { bindir: `/usr/lib/postgresql/${version}/bin`, pgAutoctl: pgAutoctl!, pgbackrest: pgbackrest!, ...ids };
}

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  assigned: string;
}

export interface DataNode {
  readonly name: string;
  readonly port: number;
  readonly pgdata: string;
  /** SIGKILL this node's postmaster only (its pg_autoctl keeper lives on). */
  killPostgres(): void;
  /** SIGKILL the node's whole process group (keeper and PostgreSQL): the machine is gone. */
  killNode(): Promise<void>;
  /** Start the node's pg_autoctl again (it rejoins as a standby). */
  restart(): void;
  readonly running: boolean;
}

export interface Cluster {
  dir: string;
  tools: Tools;
  monitorPort: number;
  nodes: DataNode[];
  pgbackrestConfig: string;
  /** A service URL for `database` that follows the primary (libpq's form, as `pg_autoctl show uri` writes it). */
  urlFor(database: string): string;
  /** `pg_autoctl show uri` as pg_auto_failover writes it. */
  showUri(): Promise<string>;
  state(): Promise<NodeState[]>;
  /** Waits until one node is primary and the other secondary (both reported and assigned); returns the primary. */
  waitHealthy(timeoutMs?: number): Promise<DataNode>;
  /** Runs pgBackRest as the cluster's user with its configuration. */
  pgbackrest(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** An empty folder for everything (data, configuration, backups, logs); removed by stop() unless keep. */
  dir: string;
  /** Monitor on basePort, nodes on basePort+1 and basePort+2. */
  basePort: number;
  log?: (line: string) => void;
  keep?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const tools = findTools();
  const say = options.log ?? (() => {});
  const dir = options.dir;
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const sub of ['config', 'share', 'run', 'backups', 'log', 'spool']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
  const own = (path: string) => {
    if (tools.uid !== undefined) chownSync(path, tools.uid, tools.gid!);
  };
  for (const sub of ['', 'config', 'share', 'run', 'backups', 'log', 'spool']) own(join(dir, sub));
  const env = {
    HOME: dir, USER: tools.uid === undefined ? (process.env.USER ?? '') : 'postgres', PATH: `${tools.bindir}:/usr/local/bin:/usr/bin:/bin`, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8',
    // pg_autoctl keeps its configuration and state under XDG folders: ours, not the postgres user's home.
    XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'share'), XDG_RUNTIME_DIR: join(dir, 'run'),
    PG_CONFIG: join(tools.bindir, 'pg_config'),
  };
  const asUser = { uid: tools.uid, gid: tools.gid, cwd: dir, env };
  const monitorPort = options.basePort;
  const monitorData = join(dir, 'monitor');
  // pg_autoctl makes its XDG folders for a data folder (<XDG>/pg_autoctl/<pgdata>) on every call, and
  // two calls at once race: `show state`, polled while `create monitor` runs, made one fail with
  // "Failed to create state directory ... File exists" on a quiet machine. Made here first, they exist.
  for (const pgdata of [monitorData, join(dir, 'node_a'), join(dir, 'node_b')]) {
    for (const xdg of ['config', 'share', 'run']) {
      let path = join(dir, xdg, 'pg_autoctl');
      for (const part of pgdata.split('/').filter(Boolean)) {
        path = join(path, part);
        mkdirSync(path, { recursive: true, mode: 0o755 });
        own(path);
      }
      own(join(dir, xdg, 'pg_autoctl'));
    }
  }
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const logFile = (name: string) => {
    const path = join(dir, 'log', `${name}.log`);
    const fd = openSync(path, 'a');
    own(path);
    return fd;
  };
  const children = new Map<string, ChildProcess>();
  const launch = (name: string, args: string[]) => {
    const fd = logFile(name);
    const child = spawn(tools.pgAutoctl, args, { ...asUser, stdio: ['ignore', fd, fd], detached: true });
    child.on('error', (error) => say(`pg_autoctl ${name}: ${error.message}`));
    children.set(name, child);
    return child;
  };
  const autoctl = async (args: string[]) => (await run(tools.pgAutoctl, args, asUser)).stdout;

  const pgbackrestConfig = join(dir, 'pgbackrest.conf');
  const nodeNames = ['node_a', 'node_b'];
  writeFileSync(pgbackrestConfig, [
    '[global]', `repo1-path=${join(dir, 'backups')}`, 'repo1-retention-full=2', `log-path=${join(dir, 'log')}`, `lock-path=${join(dir, 'run')}`,
    `spool-path=${join(dir, 'spool')}`, 'log-level-console=warn', 'log-level-file=info', 'start-fast=y', 'compress-type=lz4', 'process-max=2', '',
    `[${STANZA}]`,
    ...nodeNames.flatMap((name, i) => [`pg${i + 1}-path=${join(dir, name)}`, `pg${i + 1}-port=${options.basePort + 1 + i}`, `pg${i + 1}-socket-path=${SOCKET_DIR}`, `pg${i + 1}-user=postgres`]),
    '',
  ].join('\n'));
  own(pgbackrestConfig);
  const pgbackrest = async (args: string[]) => (await run(tools.pgbackrest, [`--config=${pgbackrestConfig}`, `--stanza=${STANZA}`, ...args], { ...asUser, maxBuffer: 64 << 20 })).stdout;

  say(`monitor on 127.0.0.1:${monitorPort} (${monitorData})`);
  launch('monitor', ['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), '--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--run']);

  let lastState = '';
  const state = async (): Promise<NodeState[]> => {
    const rows = JSON.parse(await autoctl(['show', 'state', '--pgdata', monitorData, '--json'])) as Record<string, string | number>[];
    lastState = JSON.stringify(rows);
    // pg_autoctl 1.x and 2.x name the columns differently.
    return rows.map((row) => ({
      name: String(row.node_name ?? row.nodename), port: Number(row.node_port ?? row.nodeport),
      reported: String(row.reported_state ?? row.current_group_state), assigned: String(row.assigned_state ?? row.assigned_group_state),
    }));
  };
  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
    const until = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      try {
        const value = await probe();
        if (value !== undefined) return value;
      } catch (error) {
        last = (error as Error).message.split('\n')[0]!;
      }
      if (Date.now() > until) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (${last})` : ''}; last state ${lastState}; logs in ${join(dir, 'log')}`);
      await sleep(250);
    }
  };
  await waitFor('the monitor', async () => {
    const monitor = children.get('monitor')!;
    if (monitor.exitCode !== null) throw new Error(`pg_autoctl create monitor exited (${monitor.exitCode}): ${readFileSync(join(dir, 'log', 'monitor.log'), 'utf8').trim().split('\n').pop()}`);
    return (await state()) ? true : undefined;
  }, 120_000);
  const psql = (port: number, database: string, command: string) => {
    const result = spawnSync(join(tools.bindir, 'psql'), ['-h', SOCKET_DIR, '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-Atc', command], { ...asUser, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`psql on port ${port}: ${command}: ${result.stderr.trim()}`);
    return result.stdout.trim();
  };
  for (const [name, value] of Object.entries(MONITOR_SETTINGS)) psql(monitorPort, 'pg_auto_failover', `ALTER SYSTEM SET ${name} = ${value}`);
  psql(monitorPort, 'pg_auto_failover', 'SELECT pg_reload_conf()');
  say(`monitor settings: ${Object.entries(MONITOR_SETTINGS).map(([name, value]) => `${name.replace('pgautofailover.', '')}=${value}`).join(', ')}`);

  const nodes: DataNode[] = nodeNames.map((name, i) => {
    const port = options.basePort + 1 + i;
    const pgdata = join(dir, name);
    const createArgs = [
      'create', 'postgres', '--pgdata', pgdata, '--pgport', String(port), '--pghost', '127.0.0.1', '--hostname', '127.0.0.1', '--listen', '127.0.0.1',
      '--name', name, '--auth', 'trust', '--no-ssl', '--monitor', monitorUri, '--run',
    ];
    let created = false;
    return {
      name, port, pgdata,
      get running() {
        const child = children.get(name);
        return child !== undefined && child.exitCode === null && child.signalCode === null;
      },
      killPostgres() {
        const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
      },
      async killNode() {
        const child = children.get(name)!;
        const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
        process.kill(-child.pid!, 'SIGKILL');
        await exited;
        // The postmaster leaves with its keeper (same process group); wait for its children to go too.
        await waitFor(`${name}'s PostgreSQL to be gone`, async () => (spawnSync('pgrep', ['-g', String(child.pid)]).status === 1 ? true : undefined), 30_000);
      },
      restart() {
        launch(name, created ? ['run', '--pgdata', pgdata] : createArgs);
        created = true;
      },
    };
  });

  const cluster: Cluster = {
    dir, tools, monitorPort, nodes, pgbackrestConfig,
    urlFor: (database) => `postgresql://postgres@${nodes.map((node) => `127.0.0.1:${node.port}`).join(',')}/${database}?target_session_attrs=read-write`,
    showUri: async () => (await autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'default'])).trim(),
    state,
    async waitHealthy(timeoutMs = 180_000) {
      return waitFor('a primary and a secondary', async () => {
        const states = await state();
        const settled = (role: string) => states.find((node) => node.reported === role && node.assigned === role);
        const primary = settled('primary');
        return primary && settled('secondary') ? nodes.find((node) => node.name === primary.name) : undefined;
      }, timeoutMs);
    },
    pgbackrest,
    async stop() {
      for (const child of children.values()) {
        if (child.exitCode === null && child.signalCode === null) {
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }
      await Promise.all([...children.values()].map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
        }, 30_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
      })));
      if (!options.keep) rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // The first node: pg_autoctl initialises it; WAL archiving is set before the standby copies it.
    say(`node_a on 127.0.0.1:${nodes[0]!.port}`);
    nodes[0]!.restart();
    await waitFor('node_a to become the primary', async () => ((await state()).find((node) => node.name === 'node_a' && ['single', 'wait_primary', 'primary'].includes(node.reported)) ? true : undefined), 180_000);
    // archive_mode needs a restart: node_a's service is stopped, given the setting and run again (it is
    // alone, nothing fails over). node_b copies postgresql.conf with pg_basebackup; a standby does not
    // archive, so whichever node is primary archives. archive-push insists that its pg1-path is the
    // server's own folder: the one configuration names node_a's, so the command passes the folder it
    // runs in (PostgreSQL runs archive_command in its data folder), or node_b, once promoted, archives nothing.
    const first = children.get('node_a')!;
    const firstExited = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    await autoctl(['stop', '--pgdata', nodes[0]!.pgdata]);
    await firstExited;
    const archive = `\n# WAL archiving for point-in-time recovery (docs/operations.md)\narchive_mode = on\narchive_command = '${tools.pgbackrest} --config=${pgbackrestConfig} --stanza=${STANZA} archive-push --pg1-path="$PWD" %p'\narchive_timeout = 60\n`;
    writeFileSync(join(nodes[0]!.pgdata, 'postgresql.conf'), readFileSync(join(nodes[0]!.pgdata, 'postgresql.conf'), 'utf8') + archive);
    nodes[0]!.restart();
    await waitFor('node_a to archive', async () => (psql(nodes[0]!.port, 'postgres', 'SHOW archive_mode') === 'on' ? true : undefined), 60_000);
    await pgbackrest(['stanza-create']);
    say(`node_b on 127.0.0.1:${nodes[1]!.port} (a copy of node_a by pg_basebackup, then streaming)`);
    nodes[1]!.restart();
    await cluster.waitHealthy();
    for (const node of nodes) {
      for (const [name, value] of Object.entries(KEEPER_SETTINGS)) await autoctl(['config', 'set', '--pgdata', node.pgdata, name, String(value)]);
      await autoctl(['reload', '--pgdata', node.pgdata]);
    }
    say(`keeper settings: ${Object.entries(KEEPER_SETTINGS).map(([name, value]) => `${name}=${value}`).join(', ')}`);
    return cluster;
  } catch (error) {
    await cluster.stop().catch(() => {});
    throw error;
  }
}
