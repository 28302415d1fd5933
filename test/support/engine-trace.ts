import { chooseBotAction } from '../../src/engine/bots.js';
import { createHash } from 'node:crypto';
import { canonicalJson, scrambledCopy } from '../../src/engine/canonical.js';
import { openRng, seedRng } from '../../src/engine/rng.js';
import { withDefaults } from '../../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition, type LogEntry } from '../../src/engine/types.js';

/**
 * A fingerprint of everything an engine does over one seeded game (scripts/engine-trace.ts says
 * what goes in): two versions of an engine behave the same when their fingerprints are equal.
 */

/** Options worth playing besides the defaults, per game. */
export const OPTION_VARIANTS: Record<string, unknown[]> = {
  urbanization: [{ inventions: false }, { inventions: true }],
  'guild-town': [{ swap: true }, { swap: false }],
  'construction-yard': [{}],
  'milestone-city': [{}, { milestones: 2 }],
};

/**
 * A step's log as the fingerprint takes it: messages, facts and readers, without the keys and
 * arguments every entry now carries for other languages (words, recorded after the fingerprints).
 */
const logOf = (log: readonly LogEntry[]) => log.map(({ key: _key, args: _args, ...entry }) => entry);

/** The fingerprint (sha256, hex) of one game played by `bot` ('random' or a named bot of the game). */
export function traceGame(definition: AnyGameDefinition, seats: number, rulesVersion: number, options: unknown, seed: string, bot: string): string {
  const hash = createHash('sha256');
  const put = (label: string, value: unknown) => hash.update(`${label}:${canonicalJson(value) ?? 'undefined'}\n`);
  const setupInput = { seats, options: withDefaults(definition.optionsSchema, options), seed, rulesVersion };
  let state = definition.setup(setupInput);
  put('setup', state);
  const rng = openRng(seedRng(`trace:${seed}`));
  const seen: unknown[] = [];
  const seenKeys = new Set<string>();
  for (let step = 0; step < 20_000; step++) {
    const before = canonicalJson(state);
    const active = definition.activeSeats(state);
    put('active', active);
    for (let seat = 0; seat < seats; seat++) {
      const legal = definition.legalActions(state, seat);
      put(`legal${seat}`, legal);
      for (const action of legal) {
        const key = canonicalJson(action);
        if (!seenKeys.has(key)) seenKeys.add(key), seen.push(action);
      }
    }
    for (let seat = -1; seat < seats; seat++) put(`view${seat}`, definition.view(state, seat < 0 ? null : seat));
    put('outcome', definition.outcome(state));
    if (active.length === 0) break;
    // Refusals and answers to actions legal elsewhere, by the active seat and by another seat.
    for (let k = 0; k < 4 && seen.length > 0; k++) {
      const action = seen[rng.int(0, seen.length - 1)];
      const seat = k % 2 === 0 ? active[0]! : rng.int(0, seats - 1);
      const result = definition.apply(state, seat, action);
      put('try', isRuleError(result) ? result : { state: result.state, log: logOf(result.log), irreversible: result.irreversible });
    }
    const seat = active[step % active.length]!;
    const action = bot === 'random' ? rng.pick(definition.legalActions(state, seat)) : chooseBotAction(definition, bot, state, seat, `${seed}/${step}`);
    put('action', action);
    const result = definition.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${definition.id}: listed action refused: ${JSON.stringify(action)}: ${result.message}`);
    put('result', { state: result.state, log: logOf(result.log), irreversible: result.irreversible });
    // Key order must not matter (states come back from jsonb reordered).
    const scrambled = definition.apply(scrambledCopy(state), seat, action);
    if (isRuleError(scrambled) || canonicalJson(scrambled.state) !== canonicalJson(result.state)) throw new Error(`${definition.id}: a key-scrambled state applies differently at step ${step}`);
    if (canonicalJson(state) !== before) throw new Error(`${definition.id}: a call mutated its input state at step ${step}`);
    const next = canonicalJson(result.state);
    // The new state must not change when the old one is used again (no shared mutable parts changed later).
    definition.legalActions(state, seat);
    definition.view(state, seat);
    if (canonicalJson(result.state) !== next) throw new Error(`${definition.id}: using the old state changed the new one at step ${step}`);
    state = result.state;
  }
  return hash.digest('hex');
}

