import type pg from 'pg';

/** The physical floor's unit of work: one row appended in its own transaction (BEGIN; INSERT; COMMIT). */
export async function appendRow(pool: pg.Pool, gameId: number, seq: number, payload: unknown): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO bench_append (game_id, seq, payload) VALUES ($1, $2, $3)', [gameId, seq, payload]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
