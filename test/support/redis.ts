import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll } from 'vitest';
import { freePort } from '../../src/net/free-port.js';

/**
 * The Redis for tests that need one (the service itself never does): TEST_REDIS_URL if set, else
 * the one on 127.0.0.1:6379 if it answers, else a `redis-server` from PATH started for this test
 * file on a free port (keeping nothing on disk) and stopped after it. With none of these the test
 * fails and says so: it is never skipped (`.ci/run` installs Debian's redis-server when missing).
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let started: ChildProcess | null = null;

/** The URL of a Redis that answers, started here if need be (call at the top level of a test file). */
export async function testRedis(): Promise<string> {
  if (await redisAnswers(TEST_REDIS_URL)) return TEST_REDIS_URL;
  if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL=${TEST_REDIS_URL} does not answer`);
  const port = await freePort();
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', (error) => reject(new Error(
    `No Redis answers at ${TEST_REDIS_URL} and redis-server could not be started (${error.message}): install Debian's redis-server or set TEST_REDIS_URL`,
  ))));
  spawnFailed.catch(() => undefined); // awaited below only while it starts: no unhandled rejection after
  started = child;
  const url = `redis://127.0.0.1:${port}/0`;
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([redisAnswers(url), spawnFailed]))) {
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return url;
}

afterAll(() => {
  started?.kill();
  started = null;
});
