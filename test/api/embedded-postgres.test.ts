import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/net/free-port.js';

/** The embedded PostgreSQL as the service runs it, apart from the HTTP side (see main.test.ts for that). */
describe('the embedded PostgreSQL', { timeout: 180_000 }, () => {
  it('registers no exit or signal hook of its own on import (it would stop the database before a graceful shutdown)', async () => {
    const events = ['SIGTERM', 'SIGINT', 'exit', 'beforeExit', 'uncaughtException'] as const;
    const before = events.map((event) => process.listenerCount(event));
    await import('../../src/store/embedded-postgres.js');
    expect(events.map((event) => process.listenerCount(event))).toEqual(before);
  });

  it('runs binaries and data that sit in a private folder (mode 700) as root, from places the postgres user can reach', async () => {
    const { startEmbeddedPostgres } = await import('../../src/store/embedded-postgres.js');
    const packaged = await import(`@embedded-postgres/${process.platform}-${process.arch}`) as { initdb: string; pg_ctl: string; postgres: string };
    const home = mkdtempSync(join(tmpdir(), 'bgs-private-'));
    chmodSync(home, 0o700);
    // The package's folder seen through the private one, as node_modules of a project under /root would be.
    symlinkSync(dirname(dirname(packaged.postgres)), join(home, 'native'), 'dir');
    const inside = (name: string) => join(home, 'native', 'bin', name);
    const lines: string[] = [];
    let dataDir: string | null = null;
    const server = await startEmbeddedPostgres(join(home, 'data'), await freePort(), 'postgres', (line) => lines.push(line), { initdb: inside('initdb'), pg_ctl: inside('pg_ctl'), postgres: inside('postgres') });
    try {
      dataDir = realpathSync(join(home, 'data'));
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await client.end();
      if (process.getuid?.() === 0) {
        const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        const executable = realpathSync(`/proc/${postmaster}/exe`);
        expect(dataDir.startsWith(realpathSync(home))).toBe(false);
        expect(lines.join('\n')).toContain('(a private folder): keeping the data in');
        expect(executable.startsWith(realpathSync(home))).toBe(false);
      }
    } finally {
      await server.stop();
      if (dataDir && !dataDir.startsWith(realpathSync(home))) rmSync(dataDir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  });
});
