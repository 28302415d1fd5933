import type { TokenService } from '../auth/tokens.js';
import type { AnyGameDefinition } from '../engine/types.js';
import type { Db } from '../store/db.js';

/** What every use case may depend on. Built once in app.ts; tests build it with their own catalog. */
export interface ServiceContext {
  db: Db;
  catalog: Record<string, AnyGameDefinition>;
  tokens: TokenService;
  /** Called after a commit: tells subscribers that `gameId` reached `version`. Never before the write. */
  publish(gameId: string, version: number): void;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
}
