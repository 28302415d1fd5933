import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/net/free-port.js';

/** `npm start` as a user runs it: no DATABASE_URL, an embedded Postgres whose data survives a restart. */
const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'bgs-main-'));
chmodSync(dir, 0o755);
/** Every service process a test started: one that a failed test left running is killed at the end, not left behind. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>, cwd = root): Promise<{ child: ChildProcess; output: () => string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // As `npm start` runs it: one node process (no tsx wrapper whose child would outlive a kill).
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'main.ts')], { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
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

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

const settings = async (dataDir: string) => ({ PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: dataDir, JWT_SECRET: 'a-restart-test-secret-of-enough-length!', LOG_LEVEL: 'warn' });
const post = (base: string, path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
/** The postmaster of a data folder is gone once its postmaster.pid is. */
const postmasterRunning = (dataDir: string) => existsSync(join(dataDir, 'postmaster.pid'));

// Each test starts real processes and initialises a database: slow on a loaded machine.
describe('npm start without DATABASE_URL', { timeout: 240_000 }, () => {
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

  it('restarts after a SIGKILL of the service, stopping the PostgreSQL it left running', async () => {
    const env = await settings(join(dir, 'killed'));
    const base = `http://127.0.0.1:${env.PORT}`;
    const first = await startServer(env);
    expect((await post(base, '/v1/auth/register', { username: 'before_kill', password: 'survives a kill' })).status).toBe(201);
    await stop(first.child, 'SIGKILL');
    expect(postmasterRunning(env.DATA_DIR)).toBe(true); // the orphan holds the folder

    const second = await startServer(env);
    expect(second.output()).toMatch(/found the embedded PostgreSQL of an earlier run still running \(pid \d+/);
    expect((await post(base, '/v1/auth/login', { username: 'before_kill', password: 'survives a kill' })).status).toBe(200);

    // SIGTERM: the app (its workers) closes before the embedded database stops, and the exit is 0.
    expect(await stop(second.child)).toBe(0);
    const lines = second.output().split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('SIGTERM: closing')).toBeGreaterThan(-1);
    expect(at('closed: every request answered, workers stopped')).toBeGreaterThan(at('SIGTERM: closing'));
    expect(at('embedded PostgreSQL stopped')).toBeGreaterThan(at('closed: every request answered'));
    // Nothing failed for want of a database while closing (pino levels 50 and 60: error, fatal).
    expect(lines.filter((line) => /"level":[56]0/.test(line))).toEqual([]);
    expect(postmasterRunning(env.DATA_DIR)).toBe(false);
  });

  it('starts as root from a private folder (mode 700, like /root) with the default DATA_DIR under it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'bgs-private-'));
    chmodSync(home, 0o700);
    const app = join(home, 'app');
    mkdirSync(app);
    symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir'); // `--import tsx` resolves from the working folder
    const { DATA_DIR: _default, ...env } = await settings('');
    let dataDir: string | null = null;
    try {
      const server = await startServer(env, app);
      const data = join(app, 'data', 'postgres');
      if (process.getuid?.() === 0) {
        // PostgreSQL runs as `postgres`, who cannot enter the private folder: the data lives elsewhere, linked from DATA_DIR.
        expect(server.output()).toContain(`the postgres user cannot reach ${data} (a private folder)`);
        expect(lstatSync(data).isSymbolicLink()).toBe(true);
      }
      dataDir = realpathSync(data);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect((await post(`http://127.0.0.1:${env.PORT}`, '/v1/auth/register', { username: 'private_root', password: 'private folder' })).status).toBe(201);
      expect(await stop(server.child)).toBe(0);
    } finally {
      if (dataDir && dataDir !== join(app, 'data', 'postgres')) rmSync(dataDir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('says in one sentence what to do when the port of the embedded database is taken', async () => {
    const blocker = await import('node:net').then(({ createServer }) => createServer());
    const env = await settings(join(dir, 'port-taken'));
    await new Promise<void>((resolve) => blocker.listen(Number(env.EMBEDDED_PG_PORT), '127.0.0.1', resolve));
    try {
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let output = '';
      child.stderr!.on('data', (chunk) => (output += chunk));
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
      expect(output.trim()).toBe(`[boardgame-server] cannot start: the embedded PostgreSQL cannot listen on 127.0.0.1:${env.EMBEDDED_PG_PORT}, which another program uses: set EMBEDDED_PG_PORT to a free port or stop that program`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad setting with a clear message', async () => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...inherited, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('configuration error: PORT must be an integer');
  });
});
