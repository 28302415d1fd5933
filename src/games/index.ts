import type { AnyGameDefinition } from '../engine/types.js';

/**
 * The catalog of served games, by id. Each game lives in its own folder and is declared, not
 * inherited: add its definition here once its engine is complete.
 */
export const games: Record<string, AnyGameDefinition> = {};
