/**
 * Set-up calls (accounts, admin login) for the black-box checks, outside any recorded history, and
 * the few answer shapes they read.
 */
import type { Operation } from './recorder.js';

export interface Account {
  username: string;
  userId: string;
  token: string;
}

export async function json(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function expectStatus(baseUrl: string, method: string, path: string, token: string | null, body: unknown, status: number) {
  const answer = await json(baseUrl, method, path, token, body);
  if (answer.status !== status) throw new Error(`${method} ${path}: HTTP ${answer.status}, expected ${status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

export async function register(baseUrl: string, username: string): Promise<Account> {
  const body = await expectStatus(baseUrl, 'POST', '/v1/auth/register', null, { username, password: 'correct horse battery staple' }, 201);
  return { username, userId: (body.user as { id: string }).id, token: body.token as string };
}

/** `count` fresh accounts named `<prefix>_<n>`, a few registrations at a time (password hashing is slow). */
export async function registerMany(baseUrl: string, prefix: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < count; i += 4) {
    accounts.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, (_, k) => register(baseUrl, `${prefix}_${i + k}`)))));
  }
  return accounts;
}

export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  return (await expectStatus(baseUrl, 'POST', '/v1/auth/login', null, { username, password }, 200)).token as string;
}

export { expectStatus };

/** One event of `GET /v1/admin/games/:id`. */
export interface AdminEvent {
  seq: number;
  seat: number | null;
  actorId: string | null;
  kind: 'start' | 'action' | 'timeout' | 'undo' | 'resign' | 'rules' | 'replace' | 'abort';
  undoesSeq: number | null;
  action: unknown;
}

/** What the checker reads of a game at the end: its whole record (admin) and its verify verdict. */
export interface GameSnapshot {
  id: string;
  status: string;
  version: number;
  rulesVersion: number;
  seatsDetail: { seat: number; userId: string | null; bot: string | null; resigned: boolean }[];
  events: AdminEvent[];
  verify: { ok: boolean; divergence: unknown } | null;
}

/** Reads a game's snapshot through the admin routes. */
export async function snapshot(baseUrl: string, adminToken: string, gameId: string): Promise<GameSnapshot> {
  const game = await expectStatus(baseUrl, 'GET', `/v1/admin/games/${gameId}`, adminToken, undefined, 200);
  const verify = game.status !== 'open' ? await json(baseUrl, 'POST', `/v1/admin/games/${gameId}/verify`, adminToken, undefined) : null;
  return {
    id: gameId,
    status: game.status as string,
    version: game.version as number,
    rulesVersion: game.rulesVersion as number,
    seatsDetail: game.seatsDetail as GameSnapshot['seatsDetail'],
    events: game.events as AdminEvent[],
    verify: verify === null ? null : verify.status === 200 ? (verify.body as GameSnapshot['verify']) : { ok: false, divergence: `verify answered HTTP ${verify.status}: ${JSON.stringify(verify.body).slice(0, 200)}` },
  };
}

/**
 * A 409 that says another copy with the same Idempotency-Key is still being applied: the one refusal
 * a concurrent copy may get (the client retries it and gets the original's answer).
 */
export function isInFlightRefusal(op: Pick<Operation, 'status' | 'code'>): boolean {
  return op.status === 409 && /IN_FLIGHT|IN_PROGRESS|PENDING|CONCURRENT/i.test(op.code ?? '');
}
