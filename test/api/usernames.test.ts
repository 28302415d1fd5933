import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/store/migrate.js';
import { createTestDatabase, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql, refusal } from '../support/graphql.js';

/** Usernames are one name whatever their case, kept as registered; old clashes are renamed by the migration. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('case-insensitive usernames', () => {
  it('are unique whatever the case, log in in any case and show as registered', async () => {
    const registered = (await t.http.post('/v1/auth/register').send({ username: 'Alice.Case', password: 'password123' }).expect(201)).body;
    expect(registered.user.username).toBe('Alice.Case');
    for (const username of ['alice.case', 'ALICE.CASE', 'aLiCe.CaSe']) {
      const taken = await t.http.post('/v1/auth/register').send({ username, password: 'password123' }).expect(409);
      expect(taken.body.code, username).toBe('USERNAME_TAKEN');
    }
    expect(refusal(await postGraphql(t, 'mutation { register(username: "ALICE.case", password: "password123") { token } }')).code).toBe('USERNAME_TAKEN');
    const login = (await t.http.post('/v1/auth/login').send({ username: 'ALICE.CASE', password: 'password123' }).expect(200)).body;
    expect(login.user).toMatchObject({ id: registered.user.id, username: 'Alice.Case' });
    const me = (await t.http.get('/v1/me').set('Authorization', `Bearer ${login.token}`).expect(200)).body;
    expect(me.username).toBe('Alice.Case');
    expect((await t.http.post('/v1/auth/login').send({ username: 'alice.case', password: 'wrong password' }).expect(401)).body.code).toBe('INVALID_CREDENTIALS');
    const { rows } = await t.sql.query("SELECT count(*)::int AS n FROM users WHERE username = 'alice.case'");
    expect(rows[0].n).toBe(1);
  });

  it('find the invitee of a reserved seat whatever the case', async () => {
    const host = (await t.http.post('/v1/auth/register').send({ username: 'Host_Inv', password: 'password123' }).expect(201)).body;
    const guest = (await t.http.post('/v1/auth/register').send({ username: 'Guest_Inv', password: 'password123' }).expect(201)).body;
    const auth = { Authorization: `Bearer ${host.token}` };
    const game = (await t.http.post('/v1/games').set(auth).send({ type: 'toy', seats: 2 }).expect(201)).body;
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(auth).send({ fill: 'reserved', username: 'guest_inv' }).expect(200);
    const { rows } = await t.sql.query('SELECT reserved_for_id FROM seats WHERE game_id = $1 AND seat = 1', [game.id]);
    expect(rows[0].reserved_for_id).toBe(guest.user.id);
  });
});

describe('the migration to case-insensitive usernames', () => {
  it('keeps the earliest of clashing names, renames the later ones deterministically and reports each', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const all = await readMigrations();
      const index = all.findIndex((migration) => migration.name.endsWith('_case_insensitive_usernames'));
      for (const migration of all.slice(0, index)) await client.query(migration.sql);
      const insert = `INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $2, 'x', $3)`;
      await client.query(insert, ['00000000-0000-4000-8000-000000000003', 'alice', '2026-01-03T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000001', 'ALICE', '2026-01-02T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000002', 'Alice', '2026-01-01T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000004', 'a_really_long_username_that_is_32', '2026-01-01T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000005', 'A_REALLY_LONG_USERNAME_THAT_IS_32', '2026-01-02T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000006', 'bob', '2026-01-01T00:00:00Z']);
      await client.query(insert, ['00000000-0000-4000-8000-000000000008', 'Alice_2', '2026-01-01T00:00:00Z']);
      const notices: string[] = [];
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
      await client.query(all[index]!.sql);
      const { rows } = await client.query('SELECT id, username FROM users ORDER BY id');
      // Alice_2 was taken already, so ALICE becomes ALICE_3 and the later alice alice_4.
      expect(rows.map((row) => row.username)).toEqual(['ALICE_3', 'Alice', 'alice_4', 'a_really_long_username_that_is_32', 'A_REALLY_LONG_USERNAME_THAT_IS_2', 'bob', 'Alice_2']);
      expect(notices).toEqual([
        'username "ALICE" of user 00000000-0000-4000-8000-000000000001 clashes by case with an earlier account: renamed to "ALICE_3"',
        'username "A_REALLY_LONG_USERNAME_THAT_IS_32" of user 00000000-0000-4000-8000-000000000005 clashes by case with an earlier account: renamed to "A_REALLY_LONG_USERNAME_THAT_IS_2"',
        'username "alice" of user 00000000-0000-4000-8000-000000000003 clashes by case with an earlier account: renamed to "alice_4"',
      ]);
      await expect(client.query(insert, ['00000000-0000-4000-8000-000000000007', 'BOB', '2026-01-05T00:00:00Z'])).rejects.toThrow(/duplicate key/);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
