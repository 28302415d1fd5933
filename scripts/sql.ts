/**
 * One statement on its own connection, for the scripts (benches, drills, the history checker's
 * set-up): connects, runs it, disconnects. A multi-host URL (target_session_attrs=read-write) goes to
 * whichever host answers as primary, as the service's own connections do (src/store/primary.ts).
 */
import type pg from 'pg';
import { connectionFor } from '../src/store/primary.js';

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const { connectionString, Client } = connectionFor(url);
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
