import { describe, expect, it } from 'vitest';
import { undoMessage, visibleLog } from '../../src/engine/log.js';
import { openRng, seedRng } from '../../src/engine/rng.js';
import { withDefaults } from '../../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition } from '../../src/engine/types.js';
import { rulesVersionsOf } from '../../src/engine/versions.js';
import { catalog as constructionYardCatalog } from '../../src/games/construction-yard/catalog.js';
import { catalog as guildTownCatalog } from '../../src/games/guild-town/catalog.js';
import { games } from '../../src/games/index.js';
import { secretsOf } from '../../src/games/guild-town/view.js';
import { catalog as milestoneCityCatalog } from '../../src/games/milestone-city/catalog.js';
import { catalog as urbanizationCatalog } from '../../src/games/urbanization/catalog.js';
import { buildingWords } from '../../src/games/guild-town/words.js';
import { renderLogEntry, translator, type KeyedLogEntry } from '../../src/shared/i18n/index.js';
import { provideCatalog } from '../../web/src/games/catalog-store.js';
import { logLine } from '../../web/src/games/log-words.js';

/**
 * Every log line says what happened, to every seat and to a spectator, in the words of the board:
 * random games of every game, rules version and several player counts are played to the end, and
 * every step's lines, as the API serves them to each reader (visibleLog) and as the web shows them
 * (logLine), must name who did what with no ids, no internal names and no vague stand-in. A step
 * with no line a reader may read would show the web's stand-in ("takes a step of their turn").
 */
provideCatalog('construction-yard', constructionYardCatalog);
provideCatalog('guild-town', guildTownCatalog);
provideCatalog('milestone-city', milestoneCityCatalog);
provideCatalog('urbanization', urbanizationCatalog);

const NAMES = ['ann', 'bob', 'cy', 'di', 'eve', 'fay'];

/** What no line may say, in the API's words and in the web's. */
const NOT_WORDS: [string, RegExp][] = [
  ['a vague stand-in', /takes a step|takes the next step/i],
  ['a raw card or event number', /\((?:#|card |event )\d+\)|\bcard \d+\b|\bevent \d+\b/i],
  ['an id with a copy number', /\b[a-z][A-Za-z]*-\d+\b/],
  ['an internal camelCase name', /\b[a-z]+[A-Z][A-Za-z]*\b/],
  ['an internal tile id', /\b[a-z]+\d+[A-Z]?\b/],
  ['a guild id', /\btownhall\b/],
  ['a numbered first space (the board says gold)', /\bspace 1\b/],
  ['a building by number', /\b(?:lumber mill|building|factory) \d+\b/],
  ['a target kind', /\(to [a-z]+\)/],
  ['a hole', /undefined|NaN|null|\[object/],
];

/** Lines as the web shows them keep no seat numbers. */
const WEB_ONLY: [string, RegExp][] = [['a seat number', /\b[Ss]eats? \d/]];

function problems(line: string, rules: [string, RegExp][]): string[] {
  return rules.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);
}

interface Case {
  definition: AnyGameDefinition;
  version: number;
  seats: number;
  seed: string;
}

const cases: Case[] = Object.values(games).flatMap((definition) =>
  rulesVersionsOf(definition)
    .filter((entry) => !entry.retired)
    .flatMap(({ version }) => {
      const counts = [...new Set([definition.players.min, Math.min(definition.players.max, Math.max(3, definition.players.min)), definition.players.max])];
      return counts.map((seats) => ({ definition, version, seats, seed: `log-lines-${definition.id}-${version}-${seats}` }));
    }),
);

/** The guild town buildings (ids) hidden from `reader` in a hand or a look both before and after a move. */
function hiddenBuildings(before: unknown, after: unknown, reader: number | null): number[] {
  const hidden = (state: unknown) =>
    new Set([...secretsOf(state as never, reader ?? -1)].filter(({ place }) => place.startsWith('hand.') || place === 'look' || place.startsWith('pile.')).flatMap(({ ids }) => ids as number[]));
  const after_ = hidden(after);
  const inHands = [...secretsOf(before as never, reader ?? -1)].filter(({ place }) => place.startsWith('hand.') || place === 'look').flatMap(({ ids }) => ids as number[]);
  return inHands.filter((id) => after_.has(id));
}

/** The languages a hidden card must not be named in: the English message, and the lines rendered from keys in English and German. */
const HIDDEN_CHECKS = [
  { what: 'message', name: buildingWords, line: (entry: { message: string }) => entry.message },
  ...(['en', 'de'] as const).map((locale) => {
    const tr = translator(locale);
    return {
      what: locale,
      name: (id: number) => tr.t(`guild-town.term.building.${id}` as never),
      line: (entry: KeyedLogEntry) => renderLogEntry(tr, 'guild-town', entry, NAMES) ?? '',
    };
  }),
];

describe('log lines say what happened, to every reader', () => {
  it.each(cases.map((c) => [`${c.definition.id} v${c.version} ${c.seats} players`, c] as const))('%s', (_, { definition, version, seats, seed }) => {
    let state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, {}), seed, rulesVersion: version });
    const rng = openRng(seedRng(`pick:${seed}`));
    const found = new Map<string, string>();
    const readers = [...Array.from({ length: seats }, (_, seat) => seat), null];
    let step = 0;
    for (; definition.outcome(state) === null; step++) {
      if (step > 20_000) throw new Error('no end');
      const active = definition.activeSeats(state);
      const seat = active[step % active.length]!;
      const action = rng.pick(definition.legalActions(state, seat));
      const result = definition.apply(state, seat, action);
      if (isRuleError(result)) throw new Error(`${result.code}: ${result.message}`);
      for (const reader of readers) {
        const lines = visibleLog(result.log, reader);
        // Hidden cards stay hidden: a guild town building in a hand or a look-at-five the reader may not
        // see, before the move and after it, is never named in the lines they read, in English or German.
        for (const id of definition.id === 'guild-town' ? hiddenBuildings(state, result.state, reader) : []) {
          for (const check of HIDDEN_CHECKS) {
            for (const entry of lines) {
              const line = check.line(entry);
              if (line.includes(check.name(id))) found.set(`a hidden card named to ${reader === null ? 'a spectator' : `seat ${reader}`} (${check.what})`, line);
            }
          }
        }
        const who = reader === null ? 'a spectator' : `seat ${reader}`;
        if (lines.length === 0) found.set(`nothing for ${who} after ${(action as { type: string }).type}`, JSON.stringify(action));
        // A take-back of this move names it by its public line (services/takebacks.ts).
        const undo = reader === null ? [{ message: undoMessage(seat, visibleLog(result.log, null), 0) }] : [];
        // As the web shows them: from their keys (in English), and as a line stored before keys would be.
        for (const entry of [...lines, ...undo]) {
          const { message } = entry;
          for (const what of problems(message, NOT_WORDS)) found.set(`API ${what}`, message);
          for (const shown of [logLine(definition.id, entry, NAMES), logLine(definition.id, { message }, NAMES)]) {
            for (const what of problems(shown, [...NOT_WORDS, ...WEB_ONLY])) found.set(`web ${what}`, shown);
          }
        }
      }
      state = result.state;
    }
    expect(step).toBeGreaterThan(10);
    expect(Object.fromEntries(found)).toEqual({});
  });
});

describe('lines stored before the engines worded them', () => {
  it('read as the board says them on the web', () => {
    const old: [string, string, string][] = [
      ['guild-town', 'Seat 0 swaps lumber mill 3 for 5.', 'ann swaps the lumber mill (wood; blue/green) for the lumber mill (wood; red/blue).'],
      ['guild-town', 'Seat 1 takes the face-up 2 (card 6).', 'bob takes the face-up purple 2.'],
      ['guild-town', 'Seat 0 sends a helper to the townhall (space 1).', 'ann sends a helper to the town hall (gold space).'],
      ['guild-town', 'Seat 0 raises a tannery (#31) on the left.', 'ann raises a tannery on the left.'],
      ['guild-town', 'Seat 2 produces wood (to market).', 'cy produces wood to the market.'],
      ['milestone-city', 'Seat 2 draws indHealth-1.', 'cy draws Industrial (healthcare).'],
      ['milestone-city', 'Seat 0 builds the Clinic (clinic-2).', 'ann builds the Clinic.'],
      ['urbanization', 'Seat 1 hires the unionLeader.', 'bob hires the union leader.'],
      ['urbanization', 'Seat 0 takes back their move (event 10).', 'ann takes back their last move.'],
    ];
    expect(old.map(([type, message]) => logLine(type, { message }, NAMES))).toEqual(old.map(([, , shown]) => shown));
  });

  it('a take-back names the move taken back, never its event number', () => {
    expect(undoMessage(1, [{ message: 'Seat 1 buys territory 3 for $4.' }], 0)).toBe('Seat 1 takes back their move: buys territory 3 for $4.');
    expect(undoMessage(0, [{ message: 'Seat 0 plays the Clinic.' }], 2)).toBe('Seat 0 takes back their move: plays the Clinic (and the 2 moves after it).');
    expect(undoMessage(0, [], 1)).toBe('Seat 0 takes back their last move (and the move after it).');
  });
});
