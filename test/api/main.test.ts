import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/net/free-port.js';

/** `npm start` as a user runs it: no DATABASE_URL, an embedded Postgres whose data survives a restart. */
const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'bgs-main-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('API on http')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start without DATABASE_URL', () => {
  it('serves on an embedded PostgreSQL whose data survives a restart, and shuts down cleanly', async () => {
    const port = await freePort();
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: join(dir, 'pg'), JWT_SECRET: 'a-restart-test-secret-of-enough-length!', LOG_LEVEL: 'warn' };
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(env);
    expect(first.output()).toContain('initialising embedded PostgreSQL');
    expect(first.output()).toContain('applying migration');
    const registered = await fetch(`${base}/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'persistent', password: 'survives restarts' }) });
    expect(registered.status).toBe(201);
    expect(await stop(first.child)).toBe(0);

    const second = await startServer(env);
    expect(second.output()).not.toContain('initialising embedded PostgreSQL');
    expect(second.output()).toContain('database schema is up to date');
    const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'persistent', password: 'survives restarts' }) });
    expect(login.status).toBe(200);
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  });

  it('refuses a bad setting with a clear message', async () => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...inherited, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('configuration error: PORT must be an integer');
  });
});
