export * from './types.js';
export * from './rng.js';
export * from './canonical.js';
export * from './replay.js';
export * from './log.js';
export * from './bots.js';
export * from './schema.js';
export * from './versions.js';
