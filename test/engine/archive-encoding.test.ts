import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { games } from '../../src/games/index.js';
import { archiveDictionaries, ARCHIVE_FORMAT, decodeEvents, dictionaryFor, encodeEvents, eventColumns, MAX_DICTIONARY_BYTES, primedBrotli, PrimedDecoders } from '../../src/store/archive.js';
import { playedEvents } from '../support/archive-games.js';

/**
 * The archive's encodings (store/archive.ts) without a database: format 2 (brotli primed with the
 * game type's dictionary) reads back exactly, is smaller, and is only written when this build's
 * brotli primes the stored dictionary byte for byte; format 1 stays readable. test/api/archive.test.ts
 * compares every read of archived games with the rows'.
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
});

describe('archive formats', () => {
  for (const [type, seats] of [['guild-town', 3], ['urbanization', 2]] as const) {
    it(`writes a ${type} game as format 2, which reads back exactly and is at least a quarter smaller than format 1, which still reads`, async () => {
      const events = playedEvents(games[type]!, seats, {}, `archive-encoding-${type}`);
      expect(events.length).toBeGreaterThan(50);
      const written = await encodeEvents(events, dictionaryFor(type));
      expect([written.format, written.dictionary, written.mismatch]).toEqual([ARCHIVE_FORMAT.dictionary, dictionaryFor(type)!.name, false]);
      expect(withoutGameId(await decodeEvents('g', written))).toEqual(events);
      const plain = await encodeEvents(events);
      expect([plain.format, plain.dictionary]).toEqual([ARCHIVE_FORMAT.plain, null]);
      expect(JSON.stringify(await decodeEvents('g', plain))).toBe(JSON.stringify(await decodeEvents('g', written)));
      console.log(`${type}, ${events.length} events: format 1 ${plain.data.length} bytes, format 2 ${written.data.length} bytes`);
      expect(written.data.length).toBeLessThan(plain.data.length * 0.75);
    });
  }

  it('falls back to format 1 when the stored dictionary is not what this brotli writes for it, and says so', async () => {
    const events = playedEvents(games['milestone-city']!, 2, {}, 'archive-encoding-mismatch');
    const stored = dictionaryFor('milestone-city')!;
    const changed = { ...stored, primed: Buffer.concat([stored.primed.subarray(0, -1), Buffer.from([stored.primed.at(-1)! ^ 1])]) };
    const written = await encodeEvents(events, changed);
    expect([written.format, written.dictionary, written.mismatch]).toEqual([ARCHIVE_FORMAT.plain, null, true]);
    expect(withoutGameId(await decodeEvents('g', written))).toEqual(events);
  });

  it('refuses to read an archive of an unknown format or dictionary, naming the game', async () => {
    const data = brotliCompressSync(Buffer.from('{}'));
    await expect(decodeEvents('g1', { format: 3, dictionary: null, data })).rejects.toThrow('game g1: archive format 3 is not one this build reads');
    await expect(decodeEvents('g1', { format: ARCHIVE_FORMAT.dictionary, dictionary: 'chess.1', data })).rejects.toThrow('game g1: archive dictionary chess.1 is not one this build has');
  });
});

describe('primed decoders (format 2 reads without decoding the dictionary again)', () => {
  const dictionary = dictionaryFor('construction-yard')!;
  const archives = ['a', 'b', 'c'].map((seed) => playedEvents(games['construction-yard']!, 2, {}, `primed-decoders-${seed}`));
  const written = Promise.all(archives.map(async (events) => ({ text: eventColumns(events), data: (await encodeEvents(events, dictionary)).data })));

  it('decodes more archives at once than it holds decoders, each exactly, from a ready decoder while one is ready and without one after; it refills to its size and no further', async () => {
    const pool = new PrimedDecoders(dictionary, 2);
    const [first] = await written;
    // The first read finds none ready and starts priming.
    expect((await pool.decode(first!.data)).equals(first!.text)).toBe(true);
    expect(pool.decodes).toEqual({ primed: 0, unprimed: 1 });
    await vi.waitFor(() => expect(pool.readyCount).toBe(2));
    const texts = await written;
    const decoded = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.decode(texts[i % 3]!.data)));
    decoded.forEach((text, i) => expect(text.equals(texts[i % 3]!.text), `read ${i}`).toBe(true));
    expect(pool.decodes).toEqual({ primed: 2, unprimed: 11 });
    await vi.waitFor(() => expect(pool.readyCount).toBe(2));
    // One read at a time, each after the pool has refilled: every one from a ready decoder, none reused.
    for (const [i, archive] of [...texts, ...texts].entries()) {
      expect((await pool.decode(archive.data)).equals(archive.text), `read ${i}`).toBe(true);
      await vi.waitFor(() => expect(pool.readyCount).toBe(2));
    }
    expect(pool.decodes).toEqual({ primed: 8, unprimed: 11 });
  });

  it('rejects a cut-off archive, primed or not, and the next reads are exact', async () => {
    const pool = new PrimedDecoders(dictionary, 1);
    const [good] = await written;
    const damaged = good!.data.subarray(0, good!.data.length >> 1);
    await expect(pool.decode(damaged)).rejects.toThrow();
    await vi.waitFor(() => expect(pool.readyCount).toBe(1));
    await expect(pool.decode(damaged)).rejects.toThrow();
    expect(pool.decodes).toEqual({ primed: 1, unprimed: 1 });
    await vi.waitFor(() => expect(pool.readyCount).toBe(1));
    expect((await pool.decode(good!.data)).equals(good!.text)).toBe(true);
    expect(pool.decodes.primed).toBe(2);
  });
});
