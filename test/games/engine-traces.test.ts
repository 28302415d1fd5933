import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { OPTION_VARIANTS, traceGame } from '../support/engine-trace.js';

/**
 * Engines behave as they did before their speed-ups: fingerprints of one random 4-player game per
 * game and served rules version (every state, log, legal-action list of every seat in order, view,
 * refusal…; test/support/engine-trace.ts) equal those recorded on the code before. The whole set
 * (162 games) is `npx tsx scripts/engine-trace.ts check <file>` against a recording.
 */
const recorded = JSON.parse(readFileSync(new URL('./engine-traces.json', import.meta.url), 'utf8')) as { traces: Record<string, string> };

describe('engine fingerprints', () => {
  it.each(Object.keys(recorded.traces))('%s', (key) => {
    const [id, version, seats, , bot, seed] = key.split(' ') as [string, string, string, string, string, string];
    const definition = games[id]!;
    const digest = traceGame(definition, Number.parseInt(seats, 10), Number(version.slice(1)), OPTION_VARIANTS[id]![0], seed, bot);
    expect(digest).toBe(recorded.traces[key]);
  });
});
