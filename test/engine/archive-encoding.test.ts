import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { archiveDictionaries, ARCHIVE_FORMAT, decodeEvents, dictionaryFor, encodeEvents, MAX_DICTIONARY_BYTES, primedBrotli } from '../../src/store/archive.js';
import { playedEvents } from '../support/archive-games.js';

/**
 * The archive's encodings (store/archive.ts) without a database: format 3 (each event's action and
 * log as its own text, brotli primed with the game type's newest dictionary) reads back exactly,
 * page by page too, is smaller, and is only written when this build's brotli primes the stored
 * dictionary byte for byte; formats 2 and 1 stay readable. test/api/archive.test.ts compares every
 * read of archived games with the rows'.
 */
const withoutGameId = (events: { gameId: string }[]) => events.map(({ gameId: _gameId, ...event }) => event);

describe('archive dictionaries', () => {
  it('has one for every served game type, at most 1 MB of text, primed by this build exactly as stored (else new archives fall back to format 1)', async () => {
    for (const type of Object.keys(games)) {
      const dictionary = dictionaryFor(type);
      expect(dictionary, type).toBeDefined();
      expect(dictionary!.text.length).toBeLessThanOrEqual(MAX_DICTIONARY_BYTES);
      const { primed } = await primedBrotli(dictionary!.text, Buffer.alloc(0));
      // If this fails after a Node upgrade: brotli now writes the dictionary differently. Old archives still
      // read (any decoder reads the stored bytes); make a new version with scripts/archive-dictionaries.ts.
      expect(primed.equals(dictionary!.primed), `${dictionary!.name}: this brotli primes it differently`).toBe(true);
    }
    expect([...archiveDictionaries().keys()].every((name) => /^[a-z-]+\.[1-9]\d*$/.test(name))).toBe(true);
  });

  it('keeps version 1 of every type (format 2 archives read with it), and writes new archives with the newest, of format 3', () => {
    for (const type of Object.keys(games)) {
      expect(archiveDictionaries().get(`${type}.1`)?.format, type).toBe(ARCHIVE_FORMAT.dictionary);
      expect(dictionaryFor(type)!.format, type).toBe(ARCHIVE_FORMAT.eventLines);
    }
  });
});

describe('archive formats', () => {
  for (const [type, seats] of [['guild-town', 3], ['urbanization', 2]] as const) {
    it(`writes a ${type} game as format 3, which reads back exactly, page by page too, and is at least a quarter smaller than format 1; formats 2 and 1 still read`, async () => {
      const events = playedEvents(games[type]!, seats, {}, `archive-encoding-${type}`);
      expect(events.length).toBeGreaterThan(50);
      const written = await encodeEvents(events, dictionaryFor(type));
      expect([written.format, written.dictionary, written.mismatch]).toEqual([ARCHIVE_FORMAT.eventLines, `${type}.2`, false]);
      expect(withoutGameId(decodeEvents('g', written))).toEqual(events);
      const earlier = await encodeEvents(events, archiveDictionaries().get(`${type}.1`));
      expect([earlier.format, earlier.dictionary]).toEqual([ARCHIVE_FORMAT.dictionary, `${type}.1`]);
      const plain = await encodeEvents(events);
      expect([plain.format, plain.dictionary]).toEqual([ARCHIVE_FORMAT.plain, null]);
      // A page (after a seq, at most a limit) is the same slice of the events in every format.
      const middle = events[Math.floor(events.length / 2)]!.seq;
      for (const [after, limit] of [[0, null], [0, 50], [middle, 50], [middle - 1, 1], [events.at(-1)!.seq - 3, 50], [events.at(-1)!.seq, 50], [events.at(-1)!.seq + 10, null]] as const) {
        const expected = events.filter((event) => event.seq > after).slice(0, limit ?? undefined);
        for (const archive of [written, earlier, plain]) expect(withoutGameId(decodeEvents('g', archive, after, limit)), `format ${archive.format} after ${after} limit ${limit}`).toEqual(expected);
      }
      console.log(`${type}, ${events.length} events: format 1 ${plain.data.length} bytes, format 2 ${earlier.data.length} bytes, format 3 ${written.data.length} bytes`);
      expect(written.data.length).toBeLessThan(plain.data.length * 0.75);
    });
  }

  it('falls back to format 1 when the stored dictionary is not what this brotli writes for it, and says so', async () => {
    const events = playedEvents(games['milestone-city']!, 2, {}, 'archive-encoding-mismatch');
    const stored = dictionaryFor('milestone-city')!;
    const changed = { ...stored, primed: Buffer.concat([stored.primed.subarray(0, -1), Buffer.from([stored.primed.at(-1)! ^ 1])]) };
    const written = await encodeEvents(events, changed);
    expect([written.format, written.dictionary, written.mismatch]).toEqual([ARCHIVE_FORMAT.plain, null, true]);
    expect(withoutGameId(decodeEvents('g', written))).toEqual(events);
  });

  it('reads an archive only with a dictionary of its own format', async () => {
    const events = playedEvents(games.urbanization!, 2, {}, 'archive-encoding-layout');
    const written = await encodeEvents(events, dictionaryFor('urbanization'));
    expect(() => decodeEvents('g2', { ...written, format: ARCHIVE_FORMAT.dictionary })).toThrow('game g2: archive dictionary urbanization.2 is not one this build has for format 2');
  });

  it('refuses to read an archive of an unknown format or dictionary, naming the game', () => {
    const data = brotliCompressSync(Buffer.from('{}'));
    expect(() => decodeEvents('g1', { format: 4, dictionary: null, data })).toThrow('game g1: archive format 4 is not one this build reads');
    expect(() => decodeEvents('g1', { format: ARCHIVE_FORMAT.dictionary, dictionary: 'chess.1', data })).toThrow('game g1: archive dictionary chess.1 is not one this build has');
  });
});
