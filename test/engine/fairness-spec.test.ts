import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../../src/engine/canonical.js';
import { dealSeed, seedCommitment } from '../../src/engine/deal.js';
import { EVENT_KINDS, SEAT_AND_SYSTEM_KINDS } from '../../src/engine/log-walk.js';
import { generator2Digest, openRng, seedRng } from '../../src/engine/rng.js';
import { withDefaults } from '../../src/engine/schema.js';
import { games } from '../../src/games/index.js';
import { EDITIONS } from '../../src/games/milestone-city/editions.js';

/**
 * docs/fairness.md is the specification of the deal. Its worked example is read from the page and
 * every number checked against the engine; and a verifier's RNG written from the page alone
 * (BigInt xoroshiro128+, the integer draw and the shuffle as the page words them) must draw what
 * the engine draws, so the page cannot drift from the code silently.
 */
const page = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const block = page.slice(page.indexOf('<!-- worked-example:start -->'), page.indexOf('<!-- worked-example:end -->'));
const lines = new Map(block.split('\n').filter((line) => /^[a-zA-Z].*: /.test(line)).map((line) => {
  const at = line.indexOf(': ');
  return [line.slice(0, at), line.slice(at + 2)] as const;
}));
/** The value of the example line whose label starts with `label` (and the rest of that label). */
function line(label: string): { value: string; rest: string } {
  const key = [...lines.keys()].find((candidate) => candidate.startsWith(label));
  if (key === undefined) throw new Error(`docs/fairness.md's worked example has no line "${label}…"`);
  return { value: lines.get(key)!, rest: key.slice(label.length).trim() };
}

/** The generator as docs/fairness.md section 3 and 4 describe it, from the page, in BigInt. */
class SpecGenerator {
  private s0: bigint;
  private s1: bigint;
  constructor(seed: string) {
    const digest = createHash('sha256').update(`boardgame-server/rng/v2\n${seed}`).digest();
    const words: bigint[] = [0, 4, 8, 12].map((offset) => BigInt(digest.readUInt32BE(offset)));
    if (!words.some((word) => word !== 0n)) words[3] = 1n;
    this.s0 = (words[0]! << 32n) | words[1]!;
    this.s1 = (words[2]! << 32n) | words[3]!;
  }
  next(): number {
    const mask = (1n << 64n) - 1n;
    const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & mask;
    const output = Number((this.s0 + this.s1) & 0xffffffffn);
    const t = this.s1 ^ this.s0;
    this.s0 = rotl(this.s0, 24n) ^ t ^ ((t << 16n) & mask);
    this.s1 = rotl(t, 37n);
    return output;
  }
  int(min: number, max: number): number {
    const n = max - min + 1;
    const limit = n > 2 ? Math.floor(2 ** 32 / n) * n : 2 ** 32;
    for (;;) {
      const v = (this.next() ^ 0x80000000) >>> 0;
      if (v < limit) return min + (v % n);
    }
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}
const specDealSeed = (server: string, clientSeeds: (string | null)[]) =>
  `g2:${createHmac('sha256', Buffer.from(server, 'utf8')).update(`boardgame-server/deal/v2\n${JSON.stringify(clientSeeds)}`).digest('hex')}`;

describe('docs/fairness.md, worked example', () => {
  const server = line('server seed').value;
  const clientSeeds = JSON.parse(line('client seeds').value) as (string | null)[];
  const deal = line('deal seed').value;

  it('commitment, deal seed, digest and state words are the engine\'s', () => {
    expect(seedCommitment(server)).toBe(line('commitment').value);
    expect(dealSeed({ seed: server, seedDerivation: 2, clientSeeds })).toBe(deal);
    expect(generator2Digest(deal).toString('hex')).toBe(line('generator digest').value);
    expect(seedRng(deal)).toEqual(JSON.parse(line('state words').value));
  });

  it('the draws are the engine\'s', () => {
    const outputs = JSON.parse(line('first outputs').value) as number[];
    const spec = new SpecGenerator(deal);
    expect(outputs.map(() => spec.next())).toEqual(outputs);
    const ints = line('int(');
    const [min, max] = ints.rest.match(/^(\d+),\s*(\d+)\)/)!.slice(1).map(Number) as [number, number];
    const engine = openRng(seedRng(deal));
    expect((JSON.parse(ints.value) as number[]).map(() => engine.int(min, max))).toEqual(JSON.parse(ints.value));
    const shuffle = line('shuffle of');
    expect(openRng(seedRng(deal)).shuffle(JSON.parse(shuffle.rest))).toEqual(JSON.parse(shuffle.value));
  });

  it('the milestone-city setup deals those hands', () => {
    const example = line('milestone-city rules');
    const [rulesVersion, seats] = example.rest.match(/^(\d+), (\d+) seats/)!.slice(1).map(Number) as [number, number];
    const definition = games['milestone-city']!;
    const state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, {}), seed: deal, rulesVersion }) as { hands: string[][] };
    expect(state.hands).toEqual(JSON.parse(example.value));
  });

  it('canonical JSON and the state hash', () => {
    const canonical = line('canonical JSON of');
    expect(canonicalJson(JSON.parse(canonical.rest))).toBe(canonical.value);
    expect(stateHash(JSON.parse(canonical.rest))).toBe(line('state hash').value);
    expect(createHash('sha256').update(canonical.value).digest('hex')).toBe(line('state hash').value);
  });
});

describe('section 6: the record', () => {
  const section = page.slice(page.indexOf('## 6.'), page.indexOf('## 7.'));
  /** The event-kind table: kind → what a verifier does. */
  const rows = new Map([...section.matchAll(/^\| `([a-z]+)` \|[^|]*\| ([^|]*) \|$/gm)].map((match) => [match[1]!, match[2]!]));

  it('names every event kind the engine walks, and says what a verifier does with each as the walk does it', () => {
    expect([...rows.keys()].sort()).toEqual([...EVENT_KINDS].sort());
    for (const kind of EVENT_KINDS) {
      const does = rows.get(kind)!;
      if (kind === 'undo') expect(does, kind).toMatch(/^returns to the state before event `undoesSeq`/);
      else if (SEAT_AND_SYSTEM_KINDS.includes(kind)) expect(does, kind).toMatch(/^leaves the state/);
      else expect(does, kind).toMatch(/^applies `action` for `seat`: it must be legal/);
    }
  });

  it('names the three verdicts and the record\'s end check', () => {
    for (const verdict of ['`fair` (0)', '`commitment-after-deal` (3)', '`not-verified` (1)']) expect(section).toContain(verdict);
    expect(section).toMatch(/\*\*The end\.\*\*/);
  });
});

describe('a verifier written from docs/fairness.md alone', () => {
  const seeds = Array.from({ length: 40 }, (_, index) => specDealSeed(`g2:${index.toString(16).padStart(32, '0')}`, [`p${index}`, null, index % 3 === 0 ? null : 'x~y']));

  it('derives the engine\'s deal seeds and draws what the engine draws (outputs, integers of every range, shuffles)', () => {
    for (const [index, seed] of seeds.entries()) {
      expect(seed).toBe(dealSeed({ seed: `g2:${index.toString(16).padStart(32, '0')}`, seedDerivation: 2, clientSeeds: [`p${index}`, null, index % 3 === 0 ? null : 'x~y'] }));
      const [spec, engine] = [new SpecGenerator(seed), openRng(seedRng(seed))];
      for (const n of [1, 2, 3, 6, 7, 10, 52, 1000, 2 ** 31 + 1, 2 ** 32]) expect(spec.int(5, 5 + n - 1)).toBe(engine.int(5, 5 + n - 1));
      const items = Array.from({ length: 30 }, (_, i) => i);
      expect(spec.shuffle(items)).toEqual(engine.shuffle(items));
    }
  });

  it('reproduces a whole setup: milestone-city\'s shuffled stage I deck and hands, under each edition', () => {
    const definition = games['milestone-city']!;
    for (const [rulesVersion, edition] of EDITIONS) {
      for (const seed of seeds.slice(0, 5)) {
        const state = definition.setup({ seats: 3, options: withDefaults(definition.optionsSchema, {}), seed, rulesVersion }) as { hands: string[][]; deck: string[] };
        const deck = new SpecGenerator(seed).shuffle(edition.stageCards[1]);
        const hands = [0, 1, 2].map(() => deck.splice(0, edition.handSize[3]!));
        expect({ hands, deck }).toEqual({ hands: state.hands, deck: state.deck });
      }
    }
  });
});
