import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../store/db.js';
import { groupCommitStats } from '../store/moves.js';

/** One registry per app instance (no globals): tests build many apps in one process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const actions = new Counter({ name: 'game_actions_total', help: 'Actions applied, by game type', labelNames: ['type'], registers: [registry] });
  const moves = new Histogram({
    name: 'game_move_duration_seconds',
    help: 'Time to answer an accepted move (REST POST /v1/games/:id/actions answering 201, GraphQL submitAction), by game type',
    labelNames: ['game_type'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const streams = new Gauge({ name: 'open_event_streams', help: 'Open SSE streams (/v1/me/events) and GraphQL subscription sockets of this process', labelNames: ['kind'], registers: [registry] });
  for (const kind of ['sse', 'graphql_ws']) streams.set({ kind }, 0);
  return { registry, requests, actions, moves, streams };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The move latency by game type, for REST and GraphQL alike (`observe(gameId, seconds)` after an
 * accepted move). The type of a game never changes: it is looked up once per game.
 */
export function moveTimer(moves: Metrics['moves'], gameTypeOf: (gameId: string) => Promise<string | null>) {
  const types = new Map<string, string>();
  return async (gameId: string, seconds: number): Promise<void> => {
    let type = types.get(gameId);
    if (type === undefined) {
      type = (await gameTypeOf(gameId).catch(() => null)) ?? 'unknown';
      if (types.size >= 10_000) types.clear();
      types.set(gameId, type);
    }
    moves.observe({ game_type: type }, seconds);
  };
}
export type MoveTimer = ReturnType<typeof moveTimer>;

/** HTTP timings, and the latency of accepted REST moves (POST /v1/games/:id/actions answering 201). */
export function instrument(app: FastifyInstance, metrics: Pick<Metrics, 'requests'>, timeMove?: MoveTimer): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (timeMove && route === '/v1/games/:id/actions' && request.method === 'POST' && reply.statusCode === 201) await timeMove((request.params as { id: string }).id, seconds);
  });
}

/**
 * A gauge's `collect` that reads the database: when the read fails (database down, tables not
 * migrated yet) the gauge reports nothing this time instead of failing the whole scrape, so
 * /metrics still answers with everything else.
 */
export function readingDatabase<G extends { reset(): void }>(read: (this: G) => Promise<void>): (this: G) => Promise<void> {
  return async function (this: G) {
    try {
      await read.call(this);
    } catch {
      this.reset();
    }
  };
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Figures read when Prometheus scrapes: this process's database pool (when the Db exposes its
 * node-postgres pool), and webhook deliveries by status from the outbox table (the same for every
 * replica: they share the database).
 */
export function observeDatabase(registry: Registry, db: Db): void {
  const poolGauge = (name: string, help: string, client: Db) =>
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = (client as unknown as { pool?: PoolLike }).pool;
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  poolGauge('db_pool_connections', 'Database pool connections of this process: in use, idle, and requests waiting for one', db);
  if (db.reads && db.reads !== db) poolGauge('db_read_pool_connections', 'Connections of this process to the read replica (DATABASE_READ_URL): in use, idle, waiting', db.reads);
  // Counters read from the store's group commit (store/moves.ts): moves / flushes = moves per WAL flush.
  const group = groupCommitStats(db);
  new Counter({
    name: 'move_group_commit_flushes_total', help: 'Group-commit statements of this process (each one round trip and one WAL flush)', registers: [registry],
    collect() {
      this.reset();
      this.inc(group.flushes);
    },
  });
  new Counter({
    name: 'move_group_commit_moves_total', help: 'Moves committed by those statements (divide by the flushes: moves per flush)', registers: [registry],
    collect() {
      this.reset();
      this.inc(group.moves);
    },
  });
  new Gauge({
    name: 'webhook_deliveries',
    help: 'Webhook deliveries in the outbox by status (pending, delivered, failed), all replicas',
    labelNames: ['status'],
    registers: [registry],
    collect: readingDatabase(async function () {
      const rows = await db.$queryRaw<{ status: string; n: number }[]>`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`;
      this.reset();
      for (const status of ['pending', 'delivered', 'failed']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.n);
    }),
  });
}
