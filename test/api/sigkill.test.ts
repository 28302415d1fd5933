import { fork, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrate } from '../../src/store/migrate.js';
import { createTestDatabase, TEST_JWT_SECRET } from '../support/api.js';

/**
 * A 201 means committed: a server process killed with SIGKILL in the middle of a burst of moves
 * has every move it acknowledged in the log. The server is a child process (scripts/bench-server.ts,
 * the real service and catalog); clients play construction-yard games through it, each asking for
 * the legal actions and submitting the first, until the process dies under them.
 */
const CLIENTS = 4;
const KILL_AFTER_MS = Number(process.env.SIGKILL_TEST_MS || 1500);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Pool;
let server: ChildProcess | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await sql?.end();
  await database?.drop();
});

async function startServer(): Promise<string> {
  server = fork(new URL('../../scripts/bench-server.ts', import.meta.url).pathname, ['app'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', WORKERS: 'false', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server!.once('message', (message: { kind: string; port: number }) => resolve(message.port));
    server!.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  return `http://127.0.0.1:${port}`;
}

async function call(base: string, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('SIGKILL under load', () => {
  it('loses no acknowledged move', async () => {
    const base = await startServer();
    const users = await Promise.all(Array.from({ length: 2 * CLIENTS }, async (_, i) => {
      const registered = await call(base, 'POST', '/v1/auth/register', null, { username: `killed_${process.pid}_${i}`, password: 'correct horse battery' });
      expect(registered.status).toBe(201);
      return registered.body.token as string;
    }));
    const games = await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
      const created = await call(base, 'POST', '/v1/games', users[2 * i]!, { type: 'construction-yard', seats: 2 });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect((await call(base, 'POST', `/v1/games/${id}/join`, users[2 * i + 1]!, {})).status).toBe(200);
      return { id, tokens: [users[2 * i]!, users[2 * i + 1]!] };
    }));

    const acknowledged: { gameId: string; version: number }[] = [];
    let killed = false;
    const clients = games.map(async (game) => {
      while (!killed) {
        try {
          let moved = false;
          for (const token of game.tokens) {
            const legal = await call(base, 'GET', `/v1/games/${game.id}/legal-actions`, token);
            const actions = legal.body.actions as unknown[];
            if (legal.status !== 200 || actions.length === 0) continue;
            const answer = await call(base, 'POST', `/v1/games/${game.id}/actions`, token, { action: actions[0], expectedVersion: legal.body.version });
            if (answer.status === 201) acknowledged.push({ gameId: game.id, version: answer.body.version as number });
            moved = true;
          }
          if (!moved) return; // the game is over
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGKILL');
    killed = true;
    await exited;
    await Promise.all(clients);

    // The kill came under load: moves were being acknowledged until then.
    expect(acknowledged.length).toBeGreaterThan(CLIENTS);
    const { rows } = await sql.query<{ game_id: string; seq: number }>('SELECT game_id, seq FROM game_events WHERE game_id = ANY($1::uuid[])', [games.map((game) => game.id)]);
    const logged = new Set(rows.map((row) => `${row.game_id}:${row.seq}`));
    expect(acknowledged.filter((move) => !logged.has(`${move.gameId}:${move.version}`))).toEqual([]);
    // And every game's row agrees with its log: the version is the last seq, with no gap.
    for (const game of games) {
      const { rows: [stored] } = await sql.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [game.id]);
      const seqs = rows.filter((row) => row.game_id === game.id).map((row) => row.seq).sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: stored!.version }, (_, k) => k + 1));
    }
  });
});
