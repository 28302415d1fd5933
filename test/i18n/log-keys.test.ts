import { describe, expect, it } from 'vitest';
import { visibleLog } from '../../src/engine/log.js';
import { openRng, seedRng } from '../../src/engine/rng.js';
import { withDefaults } from '../../src/engine/schema.js';
import { isRuleError, type LogEntry } from '../../src/engine/types.js';
import { rulesVersionsOf } from '../../src/engine/versions.js';
import { games } from '../../src/games/index.js';
import { LOG_KEYS } from '../../src/games/log-keys.js';
import { logMessageKey, renderLogEntry, termMessageKey, translator, type LogArg, type LogArgKind } from '../../src/shared/i18n/index.js';

/**
 * Every log entry of every game carries a key its game declares (src/games/<type>/log-keys.ts) with
 * exactly the declared arguments, each of its declared kind; every key and every term an argument
 * names is in the catalog in every language, and renders with nothing left unfilled. Random games of
 * every served rules version and player count, played to the end (as test/games/log-lines.test.ts).
 */
const NAMES = ['ann', 'bob', 'cy', 'di', 'eve', 'fay'];
const KINDS: Record<LogArgKind, (arg: LogArg) => boolean> = {
  seat: (arg) => typeof arg === 'object' && !Array.isArray(arg) && 'seat' in arg && Number.isInteger(arg.seat),
  term: (arg) => typeof arg === 'object' && !Array.isArray(arg) && 'term' in arg && typeof arg.term === 'string',
  number: (arg) => typeof arg === 'number' && Number.isFinite(arg),
  text: (arg) => typeof arg === 'string',
  seats: (arg) => Array.isArray(arg) && arg.every((item) => KINDS.seat(item)),
  terms: (arg) => Array.isArray(arg) && arg.every((item) => KINDS.term(item)),
  entry: (arg) => typeof arg === 'object' && !Array.isArray(arg) && 'entry' in arg && typeof arg.entry.message === 'string',
};
const TRANSLATORS = [translator('en'), translator('de'), translator('pseudo')];

function termsOf(arg: LogArg): string[] {
  if (Array.isArray(arg)) return arg.flatMap(termsOf);
  if (typeof arg === 'object' && 'term' in arg) return [(arg as { term: string }).term];
  return [];
}

/** What is wrong with one entry of a game of `type`, if anything. */
function faults(type: string, entry: LogEntry): string[] {
  if (!entry.key) return [`no key: "${entry.message}"`];
  if (entry.key.startsWith('kernel.')) return [];
  const spec = LOG_KEYS[type]?.[entry.key];
  if (!spec) return [`key ${entry.key} not in src/games/${type}/log-keys.ts`];
  const out: string[] = [];
  const args = entry.args ?? {};
  const names = Object.keys(args).sort().join();
  if (names !== Object.keys(spec).sort().join()) out.push(`${entry.key}: arguments {${names}}, declared {${Object.keys(spec).sort().join()}}`);
  for (const [name, kind] of Object.entries(spec)) if (name in args && !KINDS[kind](args[name]!)) out.push(`${entry.key}: ${name} is not a ${kind}: ${JSON.stringify(args[name])}`);
  for (const term of Object.values(args).flatMap(termsOf)) if (!translator('en').has(termMessageKey(type, term))) out.push(`${entry.key}: term ${term} not in the catalog (${termMessageKey(type, term)})`);
  if (!translator('en').has(logMessageKey(type, entry.key))) out.push(`${entry.key}: no catalog message ${logMessageKey(type, entry.key)}`);
  else {
    for (const tr of TRANSLATORS) {
      const line = renderLogEntry(tr, type, entry, NAMES) ?? '';
      if (/[{}]|undefined|NaN|\[object/.test(line) || line.trim() === '') out.push(`${entry.key} in ${tr.locale}: "${line}"`);
    }
  }
  return out;
}

for (const definition of Object.values(games)) {
  describe(`${definition.id}: every log entry has a key, its arguments and its words in every language`, () => {
    const cases = rulesVersionsOf(definition)
      .filter((entry) => !entry.retired)
      .flatMap(({ version }) => [...new Set([definition.players.min, definition.players.max])].map((seats) => ({ version, seats })));
    it.each(cases.map((c) => [`v${c.version} ${c.seats} players`, c] as const))('%s', (_, { version, seats }) => {
      const seed = `log-keys-${definition.id}-${version}-${seats}`;
      let state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, {}), seed, rulesVersion: version });
      const rng = openRng(seedRng(`pick:${seed}`));
      const found = new Map<string, number>();
      const keys = new Set<string>();
      for (let step = 0; definition.outcome(state) === null; step++) {
        if (step > 20_000) throw new Error('no end');
        const active = definition.activeSeats(state);
        const seat = active[step % active.length]!;
        const result = definition.apply(state, seat, rng.pick(definition.legalActions(state, seat)));
        if (isRuleError(result)) throw new Error(`${result.code}: ${result.message}`);
        for (const reader of [...Array.from({ length: seats }, (_, s) => s), null]) {
          for (const entry of visibleLog(result.log, reader)) {
            if (entry.key) keys.add(entry.key);
            for (const fault of faults(definition.id, entry)) found.set(fault, (found.get(fault) ?? 0) + 1);
          }
        }
        state = result.state;
      }
      expect([...found.keys()]).toEqual([]);
      expect(keys.size).toBeGreaterThan(3);
    });
  });
}
