/**
 * `npx tsx scripts/engine-trace.ts [record <file> | check <file>]`: a fingerprint of everything the
 * engines do, to prove that a speed-up changed no behaviour. For every served game, every served
 * rules version, every player count and a few options, it plays seeded random games (and a game of
 * each named bot) and hashes, at every step: the state after the move (canonical JSON), its log and
 * `irreversible` flag, `activeSeats`, `legalActions` of every seat (order included: the random bot
 * picks by index), the view of every seat and of a spectator, the outcome, and the answer (state or
 * refusal code and message) to a sample of actions that were legal somewhere in the game, applied
 * by the active seat and by another seat. It also checks that no call mutated its input state.
 *
 * Record on the code before the change, check on the code after:
 *   git stash / checkout main → npx tsx scripts/engine-trace.ts record /tmp/trace.json
 *   back on the change        → npx tsx scripts/engine-trace.ts check /tmp/trace.json
 * Settings: TRACE_GAMES (random games per configuration, default 3), TRACE_ONLY (game ids).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { canonicalJson, scrambledCopy } from '../src/engine/canonical.js';
import { openRng, seedRng } from '../src/engine/rng.js';
import { withDefaults } from '../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition } from '../src/engine/types.js';
import { rulesVersionsOf } from '../src/engine/versions.js';
import { games } from '../src/games/index.js';

const [mode = 'print', file] = process.argv.slice(2);
const perConfig = Number(process.env.TRACE_GAMES || 3);
const only = process.env.TRACE_ONLY?.split(',');

/** Options worth playing besides the defaults, per game. */
const OPTION_VARIANTS: Record<string, unknown[]> = {
  urbanization: [{ inventions: false }, { inventions: true }],
  'guild-town': [{ swap: true }, { swap: false }],
  'construction-yard': [{}],
  'milestone-city': [{}, { milestones: 2 }],
};

function traceGame(definition: AnyGameDefinition, seats: number, rulesVersion: number, options: unknown, seed: string, bot: string): string {
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
      put('try', isRuleError(result) ? result : { state: result.state, log: result.log, irreversible: result.irreversible });
    }
    const seat = active[step % active.length]!;
    const action = bot === 'random' ? rng.pick(definition.legalActions(state, seat)) : definition.bots![bot]!(state, seat, `${seed}/${step}`);
    put('action', action);
    const result = definition.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${definition.id}: listed action refused: ${JSON.stringify(action)}: ${result.message}`);
    put('result', { state: result.state, log: result.log, irreversible: result.irreversible });
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

const digests: Record<string, string> = {};
const t0 = Date.now();
for (const definition of Object.values(games)) {
  if (only && !only.includes(definition.id)) continue;
  const bots = ['random', ...Object.keys(definition.bots ?? {})];
  for (const { version, retired } of rulesVersionsOf(definition)) {
    if (retired) continue;
    for (let seats = definition.players.min; seats <= definition.players.max; seats++) {
      for (const [o, options] of (OPTION_VARIANTS[definition.id] ?? [{}]).entries()) {
        for (let g = 0; g < perConfig; g++) {
          const bot = g === 0 && bots.length > 1 ? bots[1]! : 'random';
          const seed = g % 2 === 0 ? `trace-${seats}-${o}-${g}` : `g2:trace-${seats}-${o}-${g}`;
          const key = `${definition.id} v${version} ${seats}p options#${o} ${bot} ${seed}`;
          digests[key] = traceGame(definition, seats, version, options, seed, bot);
        }
      }
    }
  }
  console.error(`${definition.id} traced (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (mode === 'record') {
  writeFileSync(file!, JSON.stringify(digests, null, 1) + '\n');
  console.log(`recorded ${Object.keys(digests).length} game traces in ${file}`);
} else if (mode === 'check') {
  const recorded = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, string>;
  const keys = Object.keys(digests);
  const differ = keys.filter((key) => recorded[key] !== digests[key]);
  for (const key of differ) console.log(`DIFFERS: ${key}`);
  console.log(`${keys.length - differ.length} of ${keys.length} game traces identical`);
  if (differ.length > 0) process.exitCode = 1;
} else {
  for (const [key, digest] of Object.entries(digests)) console.log(digest.slice(0, 16), key);
}
