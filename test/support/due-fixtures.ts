import type pg from 'pg';

/**
 * Many games in one statement, for the due-work burst test and scripts/bench-deadlines.ts: copies of
 * a started template game (its row and seats, whatever columns they have), with fresh ids. Creating
 * hundreds of games over HTTP would cost the test run far more than the work it measures.
 */
export async function cloneGame(sql: pg.Pool, templateId: string, count: number): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `WITH ids AS (SELECT gen_random_uuid() AS id FROM generate_series(1, $2::int)),
     g AS (INSERT INTO games SELECT (jsonb_populate_record(NULL::games, to_jsonb(src) || jsonb_build_object('id', ids.id))).*
           FROM games src, ids WHERE src.id = $1 RETURNING id),
     s AS (INSERT INTO seats SELECT (jsonb_populate_record(NULL::seats, to_jsonb(st) || jsonb_build_object('game_id', ids.id))).*
           FROM seats st, ids WHERE st.game_id = $1)
     SELECT id FROM g`,
    [templateId, count],
  );
  return rows.map((row) => row.id);
}

/**
 * Makes seat 0's turn in these per-move games run out at one instant, `leadMs` from now (database
 * clock): its turn began `moveSeconds` before it. Returns the instant.
 */
export async function makeDueTogether(sql: pg.Pool, ids: string[], moveSeconds: number, leadMs: number): Promise<Date> {
  const { rows } = await sql.query<{ due: Date }>(
    `WITH due AS (SELECT date_trunc('milliseconds', now() + $2 * interval '1 millisecond') AS at)
     UPDATE games g SET deadline = due.at, due_at = due.at,
       clocks = jsonb_set(g.clocks, '{turnStartedAt,0}', to_jsonb(to_char((due.at - $3 * interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
     FROM due WHERE g.id = ANY($1::uuid[]) RETURNING due.at AS due`,
    [ids, leadMs, moveSeconds],
  );
  return rows[0]!.due;
}
