/**
 * `npm run restore-drill`: point-in-time recovery with pgBackRest (docs/operations.md). Starts the
 * pg_auto_failover cluster of `npm run failover` (pgBackRest archives the primary's WAL
 * continuously), fills a database with `npm run bench:scale`'s fill (scripts/scale-fill.ts), takes
 * a full backup, goes on writing (marks before and after a chosen time, with a failover in
 * between unless --no-failover: the WAL of both timelines is in the archive), then restores the
 * backup plus WAL to that time into a new data folder, starts PostgreSQL and a service process on
 * it, checks the marks (what came before the time is there, what came after is not) and verifies
 * every game through the service (POST /v1/admin/games/:id/verify). Prints the restore time beside
 * pg_dump/pg_restore of the same database, both projected to 350,000 games by size (all four
 * move bytes: docs/scaling.md's 76 kB a game, whatever the mix of the fill).
 *
 *   --finished N --active N --open N --accounts N   the fill (default 4000 / 1000 / 100 / 2000)
 *   --types LIST the game types whose template games the fill plays (default all; e.g. urbanization,
 *                the shortest games: the templates are most of a fill's time on a loaded machine)
 *   --port N     the monitor's port (default 5729; nodes on the next two, the restored server on +3)
 *   --dir DIR    where the cluster's folder goes (default /var/lib/bgs-failover, else the temp dir)
 *   --no-failover  restore without a failover between the backup and the chosen time
 *   --keep       keep the folder (backups, logs) afterwards
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { startCluster, type Cluster } from './failover/cluster.js';
import { waitPromoted } from './failover/drill.js';
import { login } from './history/api.js';
import { ADMIN, startServer } from './history/servers.js';
import { fill, type FillTarget } from './scale-fill.js';
import { dumpAndRestore } from './scale-measure.js';
import { sql } from './sql.js';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    finished: { type: 'string', default: '4000' }, types: { type: 'string' }, active: { type: 'string', default: '1000' }, open: { type: 'string', default: '100' }, accounts: { type: 'string', default: '2000' },
    port: { type: 'string', default: '5729' }, dir: { type: 'string' }, 'no-failover': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
  },
});
const integer = (name: keyof typeof args, min = 0) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}, got "${args[name]}"`);
  return value;
};
const started = Date.now();
const say = (line: string) => console.log(`[restore-drill ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
const seconds = (since: number) => (Date.now() - since) / 1000;
const PROJECTED_GAMES = 350_000;
/** docs/scaling.md: 76 kB a game (tables, indexes and TOAST), the same at 10,000 and 352,000 games. */
const PROJECTED_BYTES = PROJECTED_GAMES * 76 * 1000;
const DATABASE = 'bgs_restore';

const target: FillTarget = {
  finished: integer('finished'), active: integer('active'), open: integer('open'), accounts: integer('accounts', 1), heavyAccounts: 1,
  templateTypes: args.types === undefined ? undefined : args.types.split(',').map((type) => type.trim()),
};
if (target.active < 100) throw new Error('--active must be at least 100 (one account holds 100 active games in the fill)');
const games = target.finished + target.active + target.open;
const basePort = integer('port', 1);
const parentDir = args.dir ?? (process.getuid?.() === 0 ? '/var/lib/bgs-failover' : tmpdir());
if (!existsSync(parentDir)) mkdirSync(parentDir, { recursive: true, mode: 0o755 });

async function primaryUrl(cluster: Cluster, database: string): Promise<string> {
  const primary = await cluster.waitHealthy();
  return `postgresql://postgres@127.0.0.1:${primary.port}/${database}`;
}

/** Forces the current WAL segment out and waits until pgBackRest archived it. */
async function archiveNow(url: string): Promise<void> {
  const [{ segment }] = await sql<{ segment: string }>(url, 'SELECT pg_walfile_name(pg_switch_wal()) AS segment');
  const until = Date.now() + 120_000;
  for (;;) {
    const [{ last, failed }] = await sql<{ last: string | null; failed: string | null }>(url, 'SELECT last_archived_wal AS last, last_failed_wal AS failed FROM pg_stat_archiver');
    if (last !== null && last.slice(8) >= segment.slice(8)) return;
    if (Date.now() > until) throw new Error(`WAL segment ${segment} not archived after 120 s (last archived ${last}, last failed ${failed})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const cluster = await startCluster({ dir: mkdtempSync(join(parentDir, 'bgs-restore-')), basePort, log: say, keep: args.keep });
const restoredDir = join(cluster.dir, 'restored');
const restoredPort = basePort + 3;
const asUser = { uid: cluster.tools.uid, gid: cluster.tools.gid, cwd: cluster.dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } };
const pgCtl = (argv: string[]) => run(join(cluster.tools.bindir, 'pg_ctl'), argv, asUser);
let restoredRunning = false;
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  await sql(await primaryUrl(cluster, 'postgres'), `CREATE DATABASE ${DATABASE}`);
  let url = await primaryUrl(cluster, DATABASE);
  say(`filling ${DATABASE} with bench:scale's fill: ${JSON.stringify(target)} (${games} games)`);
  let since = Date.now();
  // The fill is set-up, not what is measured: its many small commits (the template games, played
  // through the service) need not wait for the synchronous standby, nor for their own WAL flush.
  await sql(url, `ALTER DATABASE ${DATABASE} SET synchronous_commit = off`);
  await fill(url, target, say);
  await sql(url, `ALTER DATABASE ${DATABASE} RESET synchronous_commit`);
  say(`filled in ${seconds(since).toFixed(0)} s (synchronous_commit off for the fill only)`);

  since = Date.now();
  await cluster.pgbackrest(['backup', '--type=full']);
  const backupSeconds = seconds(since);
  const info = await cluster.pgbackrest(['info', '--output=json']);
  const backupBytes = (JSON.parse(info) as { backup: { info: { size: number; repository: { size: number } } }[] }[])[0]!.backup.at(-1)!.info;
  say(`pgbackrest backup --type=full: ${backupSeconds.toFixed(1)} s (database ${(backupBytes.size / 1024 ** 2).toFixed(0)} MB, ${(backupBytes.repository.size / 1024 ** 2).toFixed(0)} MB in the repository)`);

  // Writes after the backup, some before the chosen time and some after it.
  await sql(url, 'CREATE TABLE restore_marks (label text PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())');
  await sql(url, "INSERT INTO restore_marks (label) VALUES ('after the backup')");
  if (!args['no-failover']) {
    const primary = await cluster.waitHealthy();
    say(`failover between the backup and the chosen time: SIGKILL ${primary.name}'s postmaster`);
    primary.killPostgres();
    // Wait for the monitor to act (a promotion, or the keeper's restart in place) before asking who is primary.
    const to = await waitPromoted(cluster, primary.name);
    say(to === primary.name ? `  ${to} restarted in place by its keeper (no failover; the WAL stays on one timeline)` : `  ${to} promoted`);
    await cluster.waitHealthy(300_000);
    url = await primaryUrl(cluster, DATABASE);
    say(`primary now on ${new URL(url).port}`);
  }
  await sql(url, "INSERT INTO restore_marks (label) VALUES ('before the chosen time')");
  const finishedBefore = Number((await sql<{ n: string }>(url, "SELECT count(*) AS n FROM games WHERE status = 'finished'"))[0]!.n);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const [{ chosen }] = await sql<{ chosen: string }>(url, "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS chosen");
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await sql(url, "INSERT INTO restore_marks (label) VALUES ('after the chosen time')");
  // A mistake to undo: every finished game deleted after the chosen time.
  await sql(url, "DELETE FROM games WHERE status = 'finished'");
  await archiveNow(url);
  say(`chosen time ${chosen}; after it a mark and the deletion of all ${finishedBefore} finished games`);

  // The restore: backup plus WAL up to the chosen time, into a new data folder, promoted at the target.
  mkdirSync(restoredDir, { mode: 0o700 });
  if (cluster.tools.uid !== undefined) spawnSync('chown', [`${cluster.tools.uid}:${cluster.tools.gid}`, restoredDir]);
  since = Date.now();
  await cluster.pgbackrest(['restore', `--pg1-path=${restoredDir}`, '--type=time', `--target=${chosen}`, '--target-action=promote', '--target-timeline=latest']);
  const copySeconds = seconds(since);
  // The copy carries the node's pg_auto_failover settings: alone, it must not wait for a synchronous standby nor archive into the cluster's stanza.
  for (const file of ['standby.signal', 'postgresql-auto-failover-standby.conf']) rmSync(join(restoredDir, file), { force: true });
  // (On the command line: it wins over postgresql.auto.conf, where pg_autoctl keeps synchronous_standby_names.)
  await pgCtl(['start', '-D', restoredDir, '-w', '-t', '600', '-l', join(cluster.dir, 'log', 'restored.log'), '-o', `-p ${restoredPort} -c listen_addresses=127.0.0.1 -c synchronous_standby_names='' -c archive_mode=off`]);
  restoredRunning = true;
  const restoredUrl = `postgresql://postgres@127.0.0.1:${restoredPort}/${DATABASE}`;
  for (;;) {
    const [{ recovering }] = await sql<{ recovering: boolean }>(restoredUrl, 'SELECT pg_is_in_recovery() AS recovering');
    if (!recovering) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const restoreSeconds = seconds(since);
  say(`pgbackrest restore --type=time: files ${copySeconds.toFixed(1)} s, WAL replayed and promoted: ${restoreSeconds.toFixed(1)} s in all`);

  const marks = (await sql<{ label: string }>(restoredUrl, 'SELECT label FROM restore_marks ORDER BY at')).map((row) => row.label);
  const finishedRestored = Number((await sql<{ n: string }>(restoredUrl, "SELECT count(*) AS n FROM games WHERE status = 'finished'"))[0]!.n);
  const totalRestored = Number((await sql<{ n: string }>(restoredUrl, 'SELECT count(*) AS n FROM games'))[0]!.n);
  const marksRight = marks.join(',') === 'after the backup,before the chosen time';
  say(`restored marks: ${marks.join(', ')} (${marksRight ? 'right' : 'WRONG'}); finished games ${finishedRestored} of ${finishedBefore} before the deletion; ${totalRestored} games`);

  // A service on the restored database verifies every started game.
  server = await startServer('restored', { databaseUrl: restoredUrl, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  const token = await login(server.baseUrl, ADMIN.username, ADMIN.password);
  const ids = (await sql<{ id: string }>(restoredUrl, "SELECT id FROM games WHERE status <> 'open' ORDER BY id")).map((row) => row.id);
  since = Date.now();
  let verified = 0;
  const failed: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const response = await fetch(`${server!.baseUrl}/v1/admin/games/${id}/verify`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { ok?: boolean };
      if (response.status === 200 && body.ok === true) verified++;
      else failed.push(`${id}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }));
  say(`verified ${verified} of ${ids.length} started games through the service on the restored database in ${seconds(since).toFixed(0)} s${failed.length ? `; failed: ${failed.slice(0, 5).join('; ')}` : ''}`);
  await server.stop();
  server = null;

  say('pg_dump / pg_restore of the same database (as docs/scaling.md takes backups)');
  const dump = dumpAndRestore(restoredUrl, say);
  const [{ bytes }] = await sql<{ bytes: string }>(restoredUrl, 'SELECT pg_database_size(current_database()) AS bytes');
  const scale = PROJECTED_BYTES / Number(bytes);
  console.log(`\n| at ${totalRestored} games, ${(Number(bytes) / 1024 ** 2).toFixed(0)} MB | seconds | projected to ${PROJECTED_GAMES.toLocaleString('en')} games (${(PROJECTED_BYTES / 1e9).toFixed(1)} GB, ×${scale.toFixed(1)}) |`);
  console.log('|---|---|---|');
  console.log(`| pgbackrest backup --type=full | ${backupSeconds.toFixed(1)} | ${(backupSeconds * scale).toFixed(0)} |`);
  console.log(`| pgbackrest restore to a time + WAL replay + promotion | ${restoreSeconds.toFixed(1)} | ${(restoreSeconds * scale).toFixed(0)} |`);
  if (typeof dump === 'string') console.log(`| pg_dump / pg_restore | ${dump} | |`);
  else {
    console.log(`| pg_dump -Fd -j2 -Z1 | ${dump.dumpSeconds.toFixed(1)} | ${(dump.dumpSeconds * scale).toFixed(0)} |`);
    console.log(`| pg_restore -j2 | ${dump.restoreSeconds.toFixed(1)} | ${(dump.restoreSeconds * scale).toFixed(0)} |`);
  }
  console.log(`\nrestored to ${chosen}: marks ${marksRight ? 'right' : 'WRONG'}, finished games ${finishedRestored}/${finishedBefore}, games verified ${verified}/${ids.length}`);
  process.exitCode = marksRight && finishedRestored === finishedBefore && failed.length === 0 ? 0 : 1;
} finally {
  await server?.stop().catch(() => {});
  if (restoredRunning) await pgCtl(['stop', '-D', restoredDir, '-m', 'fast', '-w']).catch(() => {});
  await cluster.stop();
}
