import type { TokenService } from '../auth/tokens.js';
import type { AnyGameDefinition } from '../engine/types.js';
import type { Db } from '../store/db.js';

/** Background work on the Postgres-backed queue (pg-boss): exactly one process runs each job. */
export type JobName = 'deadline' | 'deadline-near' | 'bots';
export interface JobQueue {
  send(name: JobName, data: Record<string, unknown>, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
}

/** What a user's account stream (GraphQL `myTurn`, SSE) carries. */
export interface AccountEvent {
  type: 'game_updated';
  gameId: string;
  gameType: string;
  version: number;
  status: 'open' | 'active' | 'finished';
  yourTurn: boolean;
  deadline: string | null;
}

/** Live notifications, sent only after the change is committed. Carry ids and versions, never state. */
export interface EventBus {
  gameChanged(gameId: string, version: number): void;
  account(userId: string, event: AccountEvent): void;
}

/** What every use case may depend on. Built once in app.ts; tests build it with their own catalog and clock. */
export interface ServiceContext {
  db: Db;
  catalog: Record<string, AnyGameDefinition>;
  tokens: TokenService;
  events: EventBus;
  jobs: JobQueue;
  now(): Date;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
}
