/**
 * The fill of `npm run bench:scale` (scripts/bench-scale.ts): a database of real size, made from
 * real games. Template games are played to the end (and to a random point, for active ones) through
 * the service itself by seeded random players, then cloned in SQL under new ids, new players and
 * shifted times, in batches of one transaction each. A table `bench_fill` records what is done, so
 * a fill that stopped (Ctrl-C, a crash, a full disk) goes on where it was.
 *
 * The clones keep everything a game's reader and the queries meet: the template's state, events
 * (actions, logs, times spread like an asynchronous game's), seats held by accounts of the pool, a
 * per-move time control with a deadline in the next days for active games, a last verify verdict on
 * one finished game in ten, and for every active game one delivered webhook delivery (what the
 * retention pass must look at and keep).
 */
import { statfsSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, NO_LOAD_SHEDDING } from '../src/config.js';
import { games as catalog } from '../src/games/index.js';
import { migrate } from '../src/store/migrate.js';

export interface FillTarget {
  finished: number;
  active: number;
  /** Open games (the lobby): one seat taken, the others free. */
  open: number;
  accounts: number;
  /** Accounts (the first of the pool) that hold seat 0 of 100 active games each. */
  heavyAccounts: number;
  /** Game types whose templates are played (default: every type). Fewer is a faster fill of another mix. */
  templateTypes?: readonly string[];
}

export const HEAVY_GAMES_EACH = 100;
const BATCH_GAMES = 2_000;
const TEMPLATES_PER_KIND = 2;
/** Time between two events of a cloned game: an asynchronous game's pace. */
const EVENT_SPACING = "interval '17 minutes'";
const MIN_FREE_BYTES = 10 * 1024 ** 3;
const PASSWORD = 'scale-password-1';

type Say = (line: string) => void;

async function progress(sql: pg.Pool, step: string): Promise<number> {
  const { rows } = await sql.query<{ done: number }>('SELECT done FROM bench_fill WHERE step = $1', [step]);
  return rows[0]?.done ?? 0;
}

/** Stops the fill (resumable) when the next batch would leave less than 10 GB free where PostgreSQL keeps its data. */
async function checkDisk(sql: pg.Pool, bytesPerBatch: number, say: Say): Promise<void> {
  const { rows } = await sql.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'data_directory'");
  const dir = rows[0]?.setting;
  if (!dir) return;
  let free: number;
  try {
    const stats = statfsSync(dir);
    free = stats.bavail * stats.bsize;
  } catch {
    say(`cannot read the free space of ${dir} (another machine?): not checked`);
    return;
  }
  if (free - bytesPerBatch < MIN_FREE_BYTES) {
    throw new Error(`refusing to go on: ${(free / 1024 ** 3).toFixed(1)} GB free where PostgreSQL keeps its data (${dir}); the next batch (~${(bytesPerBatch / 1024 ** 3).toFixed(2)} GB) would leave less than 10 GB. Free space, then run again: the fill goes on where it stopped`);
  }
}

/** Plays the template games through the service (in-process, app.inject), seeded random players. */
async function playTemplates(databaseUrl: string, sql: pg.Pool, types: readonly string[] | undefined, say: Say): Promise<void> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_templates');
  if (rows[0]!.n > 0) return;
  const config = { ...loadConfig({ JWT_SECRET: 'scale-fill-secret-that-is-long-enough!!', LOG_LEVEL: 'warn', RATE_LIMITS: 'false', WORKERS: 'false', ...NO_LOAD_SHEDDING }) };
  const app = await buildApp({ config, databaseUrl, workers: false });
  await app.ready();
  let random = 20261127;
  const pick = <T>(items: T[]) => items[(random = (random * 16807) % 2147483647) % items.length]!;
  let userCount = 0;
  const runId = Date.now().toString(36);
  const register = async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/auth/register', payload: { username: `tmpl_${runId}_${++userCount}`, password: PASSWORD } });
    if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
    return { Authorization: `Bearer ${response.json().token as string}` };
  };
  const call = async (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: auth, payload: payload as Record<string, unknown> });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  /** A game of `seats` seeded random players, played until it ends or `stopAt` moves were made. */
  const playOne = async (type: string, seats: number, stopAt: number) => {
    const players = [];
    for (let seat = 0; seat < seats; seat++) players.push(await register());
    const created = await call('POST', '/v1/games', players[0]!, { type, seats, timeControl: { kind: 'per-move', moveSeconds: 3 * 86400 } });
    const id = created.id as string;
    for (const player of players.slice(1)) await call('POST', `/v1/games/${id}/join`, player, {});
    let moves = 0;
    for (let idle = 0; idle < seats && moves < stopAt; ) {
      idle = 0;
      for (const player of players) {
        if (moves >= stopAt) break;
        const legal = await call('GET', `/v1/games/${id}/legal-actions`, player);
        if (legal.actions.length === 0) {
          idle++;
          continue;
        }
        await call('POST', `/v1/games/${id}/actions`, player, { action: pick(legal.actions), expectedVersion: legal.version });
        moves++;
      }
    }
    const { rows: [row] } = await sql.query<{ status: string; version: number }>('SELECT status, version FROM games WHERE id = $1', [id]);
    return { id, moves, status: row!.status, version: row!.version };
  };
  const templates: { id: string; kind: string }[] = [];
  try {
    for (const [type, game] of Object.entries(catalog).filter(([name]) => !types || types.includes(name))) {
      for (let seats = Math.max(2, game.players.min); seats <= Math.min(4, game.players.max); seats++) {
        let finishedMoves = 0;
        for (const kind of ['finished', 'active'] as const) {
          for (let copy = 0; copy < TEMPLATES_PER_KIND; copy++) {
            // An active template stops at a random point (10–90%) of the finished game just played;
            // one that ends before it (random games vary in length) is kept as a game and tried again shorter.
            let stopAt = kind === 'active' ? Math.max(1, Math.floor(finishedMoves * (0.1 + 0.8 * (random % 1000) / 1000))) : Infinity;
            let played = await playOne(type, seats, stopAt);
            while (kind === 'active' && played.status !== 'active') played = await playOne(type, seats, (stopAt = Math.max(1, Math.floor(stopAt / 2))));
            if (kind === 'finished') finishedMoves = played.moves;
            if ((kind === 'finished') !== (played.status === 'finished')) throw new Error(`template ${type} ${seats}p: status ${played.status} after ${played.moves} moves`);
            const { id } = played;
            say(`template ${kind} ${type} ${seats}p: ${played.version} events`);
            templates.push({ id, kind });
          }
        }
      }
    }
  } finally {
    await app.close();
  }
  // Recorded at the end, all at once: a fill stopped while playing them starts them afresh.
  for (const { id, kind } of templates) {
    await sql.query('INSERT INTO bench_templates (id, kind, ord) VALUES ($1, $2, (SELECT count(*) FROM bench_templates WHERE kind = $2))', [id, kind]);
  }
}

async function fillAccounts(sql: pg.Pool, target: FillTarget, say: Say): Promise<void> {
  const done = await progress(sql, 'accounts');
  if (done >= target.accounts) return;
  // Every account can log in with PASSWORD: they share the hash a template player registered with.
  const { rows: [hash] } = await sql.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username LIKE 'tmpl\\_%' LIMIT 1");
  for (let from = done; from < target.accounts; from += 20_000) {
    const to = Math.min(target.accounts, from + 20_000);
    await sql.query(
      `WITH u AS (
         INSERT INTO users (id, username, password_hash, created_at)
         SELECT gen_random_uuid(), 'p' || lpad(n::text, 7, '0'), $3, now() - random() * interval '730 days' FROM generate_series($1::int, $2::int - 1) n
         RETURNING id, username)
       INSERT INTO bench_users (n, id) SELECT substr(username, 2)::int, id FROM u`,
      [from, to, hash!.password_hash],
    );
    await sql.query("INSERT INTO bench_fill (step, done) VALUES ('accounts', $1) ON CONFLICT (step) DO UPDATE SET done = $1", [to]);
    say(`accounts ${to}/${target.accounts}`);
  }
}

/**
 * Clones games [from, to) of one kind. Game n is a copy of template n mod (templates of the kind).
 * Seats: accounts of the pool, distinct within a game; for active games n < heavy × 100, seat 0 is
 * heavy account n mod heavy (so each heavy account holds seat 0 of 100 active games).
 */
async function cloneBatch(client: pg.PoolClient, kind: 'finished' | 'active' | 'open', from: number, to: number, target: FillTarget): Promise<void> {
  const heavyGames = kind === 'active' ? target.heavyAccounts * HEAVY_GAMES_EACH : 0;
  const others = target.accounts - target.heavyAccounts;
  await client.query('BEGIN');
  // Triggers off for the copy (they would touch each game once per seat): revision and
  // state_version are copied from the template as they are.
  await client.query("SET LOCAL session_replication_role = 'replica'");
  await client.query(`CREATE TEMP TABLE m ON COMMIT DROP AS
    SELECT n, gen_random_uuid() AS id, t.id AS tid, t.created_at AS t_created,
      ${kind === 'finished' ? "now() - interval '3 days' - random() * interval '730 days'" : "now() - random() * interval '20 days'"} AS created,
      (hashtext(n::text || '${kind}') & 2147483647) AS base
    FROM generate_series($1::int, $2::int - 1) n
    JOIN (SELECT b.id, b.ord, g.created_at FROM bench_templates b JOIN games g ON g.id = b.id WHERE b.kind = $3) t
      ON t.ord = n % (SELECT count(*) FROM bench_templates WHERE kind = $3)`, [from, to, kind === 'open' ? 'active' : kind]);
  await client.query(`CREATE TEMP TABLE ms ON COMMIT DROP AS
    SELECT m.id AS game_id, s.seat, CASE WHEN m.n < $1 AND s.seat = 0 THEN (SELECT id FROM bench_users WHERE n = m.n % $2)
      ELSE (SELECT id FROM bench_users WHERE n = $2 + (m.base::bigint + s.seat * 7919) % $3) END AS user_id, s.joined_at - m.t_created + m.created AS joined_at
    FROM m JOIN seats s ON s.game_id = m.tid`, [heavyGames, target.heavyAccounts, others]);
  await client.query('CREATE INDEX ON ms (game_id, seat)');
  if (kind === 'open') {
    // Waiting for players: created in the last two days, the creator in seat 0, the other seats free.
    await client.query(`INSERT INTO games (id, type, rules_version, options, seed, seed_derivation, status, seat_count, version, state_version,
        private, time_control, created_by_id, created_at, updated_at, revision, rated)
      SELECT m.id, g.type, g.rules_version, g.options, g.seed, g.seed_derivation, 'open', g.seat_count, 0, 0, false, g.time_control,
        (SELECT user_id FROM ms WHERE ms.game_id = m.id AND ms.seat = 0), now() - random() * interval '2 days', now() - random() * interval '1 hour', 0, g.rated
      FROM m JOIN games g ON g.id = m.tid`);
    await client.query(`INSERT INTO seats (game_id, seat, user_id, joined_at)
      SELECT ms.game_id, ms.seat, CASE WHEN ms.seat = 0 THEN ms.user_id END, now() - interval '2 days' FROM ms`);
    await client.query("INSERT INTO bench_fill (step, done) VALUES ($1, $2) ON CONFLICT (step) DO UPDATE SET done = $2", [kind, to]);
    await client.query('COMMIT');
    return;
  }
  await client.query(`INSERT INTO games (id, type, rules_version, options, seed, seed_derivation, client_seeds, status, seat_count, state, version,
      state_version, active_seats, deadline, result, private, time_control, clocks, created_by_id, created_at, updated_at, started_at, finished_at,
      due_at, warn_at, work_attempts, revision, rated)
    SELECT m.id, g.type, g.rules_version, g.options, g.seed, g.seed_derivation, g.client_seeds, g.status, g.seat_count, g.state, g.version,
      g.state_version, g.active_seats, d.due, g.result, g.private, g.time_control, g.clocks, (SELECT user_id FROM ms WHERE ms.game_id = m.id AND ms.seat = 0),
      m.created, m.created + g.version * ${EVENT_SPACING}, m.created, ${kind === 'finished' ? `m.created + g.version * ${EVENT_SPACING}` : 'NULL'},
      d.due, NULL, 0, g.revision, g.rated
    FROM m JOIN games g ON g.id = m.tid
    CROSS JOIN LATERAL (SELECT ${kind === 'active' ? "now() + interval '1 hour' + random() * interval '3 days'" : 'NULL::timestamptz'} AS due) d`);
  await client.query(`INSERT INTO seats (game_id, seat, user_id, bot, reserved_for_id, timeouts, resigned_at, joined_at)
    SELECT ms.game_id, ms.seat, ms.user_id, NULL, NULL, 0, NULL, ms.joined_at FROM ms`);
  await client.query(`INSERT INTO game_events (game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible, created_at)
    SELECT m.id, e.seq, e.seat, ms.user_id, e.kind, e.undoes_seq, e.action, e.log, e.irreversible, m.created + e.seq * ${EVENT_SPACING}
    FROM m
    -- The templates' events by the primary key: joined on m alone, a large table is read whole (m has no statistics).
    JOIN (SELECT * FROM game_events WHERE game_id = ANY(ARRAY(SELECT DISTINCT tid FROM m))) e ON e.game_id = m.tid
    LEFT JOIN ms ON ms.game_id = m.id AND ms.seat = e.seat AND e.actor_id IS NOT NULL`);
  if (kind === 'finished') {
    await client.query(`INSERT INTO game_verifications (game_id, verified_at, verify_ok, verify_divergence, version, game_created_at)
      SELECT m.id, m.created + interval '1 day', m.n % 1000 <> 5, CASE WHEN m.n % 1000 = 5 THEN '{"atEvent": 3, "reason": "bench: a stored divergence"}'::jsonb END, g.version, m.created
      FROM m JOIN games g ON g.id = m.tid WHERE m.n % 10 = 5`);
  } else {
    await client.query(`INSERT INTO webhook_deliveries (id, webhook_id, game_id, event, payload, status, attempts, next_attempt_at, last_status, created_at, delivered_at)
      SELECT gen_random_uuid(), (SELECT id FROM webhooks ORDER BY id LIMIT 1), m.id, 'your_turn', jsonb_build_object('game', jsonb_build_object('id', m.id, 'type', g.type)),
        'delivered', 1, now(), 200, now() - interval '1 hour', now() - interval '1 hour'
      FROM m JOIN games g ON g.id = m.tid`);
  }
  await client.query("INSERT INTO bench_fill (step, done) VALUES ($1, $2) ON CONFLICT (step) DO UPDATE SET done = $2", [kind, to]);
  await client.query('COMMIT');
}

/** Fills `databaseUrl` (created and migrated before) up to `target`; resumable. */
export async function fill(databaseUrl: string, target: FillTarget, say: Say): Promise<void> {
  const unknown = target.templateTypes?.filter((type) => !(type in catalog)) ?? [];
  if (unknown.length > 0 || target.templateTypes?.length === 0) throw new Error(`template game types must be some of ${Object.keys(catalog).join(', ')}; got "${target.templateTypes!.join(',')}"`);
  await migrate(databaseUrl);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await sql.query(`CREATE TABLE IF NOT EXISTS bench_fill (step text PRIMARY KEY, done int NOT NULL);
      CREATE TABLE IF NOT EXISTS bench_templates (id uuid PRIMARY KEY, kind text NOT NULL, ord int NOT NULL);
      CREATE TABLE IF NOT EXISTS bench_users (n int PRIMARY KEY, id uuid NOT NULL)`);
    await playTemplates(databaseUrl, sql, target.templateTypes, say);
    await fillAccounts(sql, target, say);
    await sql.query(`INSERT INTO webhooks (id, user_id, url, events, secret)
      SELECT gen_random_uuid(), (SELECT id FROM bench_users WHERE n = 0), 'https://example.com/hook', '{your_turn}', 'whsec_YmVuY2g='
      WHERE NOT EXISTS (SELECT 1 FROM webhooks)`);
    await sql.query(`INSERT INTO users (id, username, password_hash, role)
      SELECT gen_random_uuid(), 'scale_admin', password_hash, 'admin' FROM users WHERE username LIKE 'tmpl\\_%' LIMIT 1 ON CONFLICT DO NOTHING`);
    // Statistics are taken once the games are in (again after a fill that added any).
    let added = (await progress(sql, 'analyzed')) === 0;
    for (const kind of ['finished', 'active', 'open'] as const) {
      const wanted = target[kind];
      let done = await progress(sql, kind);
      let bytesPerBatch = 256 * 1024 ** 2;
      const started = Date.now();
      const startedAt = done;
      while (done < wanted) {
        await checkDisk(sql, bytesPerBatch, say);
        const before = Number((await sql.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size')).rows[0]!.size);
        const to = Math.min(wanted, done + BATCH_GAMES);
        const client = await sql.connect();
        try {
          await cloneBatch(client, kind, done, to, target);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
        const after = Number((await sql.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size')).rows[0]!.size);
        bytesPerBatch = Math.max(bytesPerBatch / 4, after - before);
        done = to;
        added = true;
        const rate = (done - startedAt) / ((Date.now() - started) / 1000);
        say(`${kind} games ${done}/${wanted} (${rate.toFixed(0)}/s, ${((wanted - done) / rate / 60).toFixed(1)} min to go, database ${(after / 1024 ** 3).toFixed(2)} GB)`);
      }
    }
    if (added) {
      say('VACUUM ANALYZE');
      await sql.query('VACUUM ANALYZE');
      await sql.query("INSERT INTO bench_fill (step, done) VALUES ('analyzed', 1) ON CONFLICT (step) DO UPDATE SET done = 1");
    }
  } finally {
    await sql.end();
  }
}

export const SCALE_PASSWORD = PASSWORD;
