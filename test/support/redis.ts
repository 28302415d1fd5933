import { connect } from 'node:net';

/**
 * The Redis for tests that need one: TEST_REDIS_URL, else one on 127.0.0.1:6379 if it answers.
 * The service itself never needs Redis; tests that do are skipped, by name, without one.
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
