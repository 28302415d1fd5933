/**
 * The recorded HTTP client of the history checker: every request and its answer, with start and end
 * times, goes into one history (an array in the order the requests were sent). An answer is
 *   - `ok`: 2xx, the write was acknowledged;
 *   - `refused`: 4xx, the write must have changed nothing;
 *   - `unknown`: no answer (connection cut, process killed, timeout) or 503: it may or may not have
 *     happened;
 *   - `error`: any other 5xx (a bug in itself: reported as an anomaly).
 */
import { performance } from 'node:perf_hooks';

/** What a request meant to do: the checker explains each logged event by one of these. */
export type OpKind =
  | 'create' | 'join' | 'leave' | 'start' | 'seat-bot'
  | 'move' | 'take-back' | 'undo-request' | 'undo-approve' | 'undo-decline' | 'resign'
  | 'abort' | 'replace-seat' | 'migrate-rules'
  | 'read';

export type Outcome = 'ok' | 'refused' | 'unknown' | 'error';

export interface Operation {
  /** Sequence number in the history. */
  id: number;
  kind: OpKind;
  /** The client (one account's session) that sent it. */
  client: string;
  /** The account it acted as (null: anonymous). */
  userId: string | null;
  gameId: string | null;
  method: string;
  path: string;
  server: string;
  body?: unknown;
  idempotencyKey?: string;
  /** expectedVersion sent with a move, if any. */
  expectedVersion?: number;
  /** ms since the run began (performance.now based). */
  start: number;
  end: number;
  status: number | null;
  outcome: Outcome;
  /** The answer's problem code on 4xx/5xx. */
  code?: string;
  /** The answer (2xx JSON), trimmed to what the checker reads. */
  answer?: Record<string, unknown>;
  /** What a network failure said. */
  failure?: string;
}

export interface Server {
  name: string;
  baseUrl: string;
}

export interface Request {
  kind: OpKind;
  client: string;
  userId: string | null;
  gameId: string | null;
  server: Server;
  method: string;
  path: string;
  token?: string | null;
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs?: number;
}

/** Keeps what the checks need of a 2xx answer (views and logs are large and unread). */
function trim(answer: Record<string, unknown>): Record<string, unknown> {
  const { view: _view, log: _log, state: _state, events: _events, ...rest } = answer;
  return rest;
}

export class History {
  readonly operations: Operation[] = [];
  private readonly t0 = performance.now();

  now(): number {
    return performance.now() - this.t0;
  }

  /** Sends `request`, records it, and returns the record with the full 2xx answer beside it. */
  async send(request: Request): Promise<{ op: Operation; full: Record<string, unknown> | undefined }> {
    const op: Operation = {
      id: this.operations.length, kind: request.kind, client: request.client, userId: request.userId, gameId: request.gameId,
      method: request.method, path: request.path, server: request.server.name,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
      ...(typeof (request.body as { expectedVersion?: unknown } | undefined)?.expectedVersion === 'number' ? { expectedVersion: (request.body as { expectedVersion: number }).expectedVersion } : {}),
      start: this.now(), end: Number.NaN, status: null, outcome: 'unknown',
    };
    this.operations.push(op);
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    let full: Record<string, unknown> | undefined;
    try {
      const response = await fetch(`${request.server.baseUrl}${request.path}`, {
        method: request.method, headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs ?? 20_000),
      });
      const text = await response.text();
      op.status = response.status;
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text: text.slice(0, 200) };
      }
      if (response.status < 300) {
        op.outcome = 'ok';
        full = parsed;
        op.answer = trim(parsed);
        if (response.headers.get('idempotent-replayed') === 'true') op.answer.replayed = true;
      } else {
        op.code = typeof parsed.code === 'string' ? parsed.code : undefined;
        op.outcome = response.status === 503 ? 'unknown' : response.status < 500 ? 'refused' : 'error';
        if (op.outcome !== 'refused') op.answer = parsed;
      }
    } catch (error) {
      op.outcome = 'unknown';
      op.failure = (error as Error).cause ? String(((error as Error).cause as Error).message ?? (error as Error).cause) : (error as Error).message;
    }
    op.end = this.now();
    return { op, full };
  }
}
