/**
 * The archive's dictionaries (src/store/archive-dictionaries/, store/archive.ts formats 2 and 3):
 * for each game type, the columns of seeded random games of that type (in the layout of the format
 * the version writes: dictionaryFormat), which brotli is primed with before an archived game's own
 * columns.
 *
 *   npx tsx scripts/archive-dictionaries.ts              measures every version of the dictionaries on other games
 *   npx tsx scripts/archive-dictionaries.ts write <n>    writes version <n> of every type's dictionary
 *
 * A dictionary file is never changed or deleted once archives may use it (they are read back with
 * it): a better one is a new version, which new archives use while the old ones keep reading.
 * Settings: DICTIONARY_BYTES (text per type, default 256 kB, at most 1 MB: 512 kB saved 2% more bytes and cost 26% more decode time on 1,200 of the bench fill's archives, 128 kB lost 8%).
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { AnyGameDefinition } from '../src/engine/types.js';
import { games } from '../src/games/index.js';
import { archiveDictionaries, decodeEvents, dictionaryFormat, encodeEvents, eventColumns, MAX_DICTIONARY_BYTES, primedBrotli } from '../src/store/archive.js';
import { playedEvents } from '../test/support/archive-games.js';
import { OPTION_VARIANTS } from '../test/support/engine-trace.js';
import { median } from './median.js';

const DIR = new URL('../src/store/archive-dictionaries/', import.meta.url);
const budget = Math.min(MAX_DICTIONARY_BYTES, Number(process.env.DICTIONARY_BYTES || 256 * 1024));

/** Games of every player count and option variant in turn, until `bytes` of columns of `format`'s layout. */
function gamesOf(definition: AnyGameDefinition, bytes: number, seedPrefix: string, format: number): Buffer[] {
  const out: Buffer[] = [];
  let total = 0;
  const variants = OPTION_VARIANTS[definition.id] ?? [{}];
  for (let n = 0; total < bytes; n++) {
    const seats = definition.players.min + (n % (definition.players.max - definition.players.min + 1));
    const options = variants[Math.floor(n / (definition.players.max - definition.players.min + 1)) % variants.length];
    const columns = eventColumns(playedEvents(definition, seats, options, `${seedPrefix}-${definition.id}-${n}`), format);
    if (total + columns.length + 1 > bytes && out.length > 0) break;
    out.push(columns);
    total += columns.length + 1;
  }
  return out;
}

const [mode = 'measure', version] = process.argv.slice(2);
if (mode === 'write') {
  if (!/^[1-9]\d*$/.test(version ?? '')) throw new Error('usage: archive-dictionaries.ts write <version, a whole number>');
  for (const definition of Object.values(games)) {
    const file = new URL(`${definition.id}.${version}.br`, DIR);
    if (existsSync(file)) {
      console.log(`${definition.id}.${version}: exists, left as it is (archives may read with it)`);
      continue;
    }
    const text = Buffer.from(gamesOf(definition, budget, `dictionary-${version}`, dictionaryFormat(Number(version))).join('\n'));
    const { primed } = await primedBrotli(text, Buffer.alloc(0));
    writeFileSync(file, primed);
    console.log(`${definition.id}.${version}: ${(text.length / 1024).toFixed(0)} kB of columns, ${(primed.length / 1024).toFixed(1)} kB stored`);
  }
} else if (mode === 'measure') {
  // Every version of each type's dictionaries on the same other games: bytes, and the decode of the
  // whole game and of a log page of 50 from its middle (median of REPEATS after a warm-up each).
  const REPEATS = 7;
  const medianMs = (run: () => unknown) => {
    run();
    return median(Array.from({ length: REPEATS }, () => {
      const t0 = performance.now();
      run();
      return performance.now() - t0;
    }));
  };
  console.log(`dictionaries: ${[...archiveDictionaries().keys()].join(', ') || 'none'}`);
  for (const definition of Object.values(games)) {
    const sample = Array.from({ length: 12 }, (_, n) => playedEvents(definition, definition.players.min + (n % (definition.players.max - definition.players.min + 1)), {}, `measure-${definition.id}-${n}`));
    const n = sample.length;
    const events = sample.reduce((sum, game) => sum + game.length, 0) / n;
    const versions = [undefined, ...[...archiveDictionaries().values()].filter((dictionary) => dictionary.name.startsWith(`${definition.id}.`))];
    for (const dictionary of versions) {
      let bytes = 0, encodeMs = 0, decodeMs = 0, pageMs = 0;
      for (const game of sample) {
        const t0 = performance.now();
        const encoded = await encodeEvents(game, dictionary);
        encodeMs += performance.now() - t0;
        bytes += encoded.data.length;
        const back = decodeEvents('m', encoded);
        const [a, b] = [back.map((event) => ({ ...event, gameId: undefined })), game].map((list) => list.map((event) => JSON.stringify(event)));
        const differ = a!.findIndex((line, i) => line !== b![i]);
        if (differ >= 0 || a!.length !== b!.length) throw new Error(`${definition.id}: an archive did not read back as written (event ${differ}: ${a![differ]} / ${b![differ]})`);
        decodeMs += medianMs(() => decodeEvents('m', encoded));
        // A log page of 50 from the middle of the game (GET /log?after=…).
        pageMs += medianMs(() => decodeEvents('m', encoded, game[Math.floor(game.length / 2)]!.seq, 50));
      }
      const what = dictionary ? `${dictionary.name} (format ${dictionary.format}, ${(dictionary.primed.length / 1024).toFixed(1)} kB)` : 'no dictionary (format 1)';
      console.log(`${definition.id}, ${n} other games of ${events.toFixed(0)} events on average, ${what}: ${(bytes / n / 1024).toFixed(2)} kB; encode ${(encodeMs / n).toFixed(1)} ms, decode ${(decodeMs / n).toFixed(2)} ms, a page of 50 ${(pageMs / n).toFixed(2)} ms`);
    }
  }
} else throw new Error(`unknown mode ${mode}: measure or write <version>`);
