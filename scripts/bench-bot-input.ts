/**
 * What the deep copy of a bot's input costs (src/engine/bots.ts#botInput: an rfdc deep copy of the
 * view, the legal actions and the rules profile, so a bot shares nothing with the live state), and
 * what structuredClone, the copy first tried, would cost.
 * For positions of seeded random play in every game, times the input built with the copy against
 * the same input without it, and prints both per game with the input's JSON size.
 *   npx tsx scripts/bench-bot-input.ts        (BENCH_REPS=200 calls per position)
 */
import { botInput } from '../src/engine/bots.js';
import { openRng, seedRng } from '../src/engine/rng.js';
import { withDefaults } from '../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition } from '../src/engine/types.js';
import { games } from '../src/games/index.js';

const REPS = Number(process.env.BENCH_REPS ?? 200);

function positions(definition: AnyGameDefinition): { state: unknown; seat: number }[] {
  const out: { state: unknown; seat: number }[] = [];
  for (let seats = definition.players.min; seats <= definition.players.max; seats++) {
    const seed = `bench-bot-input-${definition.id}-${seats}`;
    const rng = openRng(seedRng(seed));
    let state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, {}), seed, rulesVersion: definition.rulesVersion });
    for (let ply = 0; ply < 200; ply++) {
      const active = definition.activeSeats(state);
      if (active.length === 0) break;
      if (ply % 20 === 5) out.push({ state, seat: active[0]! });
      const applied = definition.apply(state, active[0]!, rng.pick(definition.legalActions(state, active[0]!)));
      if (isRuleError(applied)) throw new Error(applied.message);
      state = applied.state;
    }
  }
  return out;
}

/** The input as it was built before the copy: the same fields, sharing the state's objects. */
const rawInput = (definition: AnyGameDefinition, state: unknown, seat: number) => ({
  view: definition.view(state, seat), seat, legal: definition.legalActions(state, seat), seed: 'bench', rules: (state as { rules?: unknown }).rules,
});

const microseconds = (run: () => unknown) => {
  const started = process.hrtime.bigint();
  for (let i = 0; i < REPS; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / REPS;
};

console.log(`botInput with and without its deep copy, ${REPS} calls per position (mean per call)`);
for (const definition of Object.values(games)) {
  const list = positions(definition);
  let raw = 0;
  let copied = 0;
  let cloned = 0;
  let bytes = 0;
  for (const { state, seat } of list) {
    raw += microseconds(() => rawInput(definition, state, seat));
    copied += microseconds(() => botInput(definition, state, seat, 'bench'));
    cloned += microseconds(() => structuredClone(rawInput(definition, state, seat)));
    bytes += JSON.stringify(rawInput(definition, state, seat)).length;
  }
  const n = list.length;
  console.log(`${definition.id.padEnd(18)} ${String(n).padStart(3)} positions  input ${(bytes / n / 1024).toFixed(1)} KiB  without copy ${(raw / n).toFixed(1)} µs  with copy ${(copied / n).toFixed(1)} µs  (copy +${((copied - raw) / n).toFixed(1)} µs; structuredClone instead +${((cloned - raw) / n).toFixed(1)} µs)`);
}
