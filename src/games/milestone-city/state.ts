import { openRng, seedRng, type RngState } from '../../engine/rng.js';
import { CARD_KINDS, HAND_SIZE, MILESTONES, PIECES, START_BARS, START_TREASURY, TILES, type BarName, type CardKind, type Stage } from './data.js';

export type Bars = Record<BarName, number>;

export interface PlacedTile {
  tile: string;
  /** The construction card that built it. */
  card: string;
  squares: number[];
}

/** A construction card slid forward: its tile and orientation are chosen in small steps. */
export interface Pending {
  card: string;
  tile: string | null;
  orientation: number | null;
}

export type Phase = 'piece' | 'turn' | 'over';
/** How the game ended: all milestones reached, no affordable board piece, or the cards ran out. */
export type Result = 'won' | 'bankrupt' | 'outOfCards';

export interface MilestoneCityState {
  seats: number;
  /** Milestones to end for a victory (option). */
  goal: number;
  handSize: number;
  phase: Phase;
  active: number;
  /** Starting player of the current milestone: chooses its board piece and acts first. */
  starter: number;
  /** Milestones ended so far. */
  milestone: number;
  faceUp: boolean[];
  treasury: number;
  bars: Bars;
  tiles: PlacedTile[];
  /** Tiles left in the general supply, indexed like TILES. */
  supply: number[];
  /** Hands lie open in front of the players (cooperative play). */
  hands: string[][];
  /** Hidden: draw order. */
  deck: string[];
  discard: string[];
  pending: Pending | null;
  /** Consecutive passes (only possible once the deck is empty). */
  passes: number;
  result: Result | null;
  turns: number;
  rng: RngState;
}

export interface MilestoneCityOptions {
  milestones: number;
}

/** Card ids are `<kind>-<copy>`, e.g. `clinic-1`. */
export const cardIds = (stage: Stage): string[] =>
  CARD_KINDS.filter((kind) => kind.stage === stage).flatMap((kind) => Array.from({ length: kind.count }, (_, i) => `${kind.kind}-${i + 1}`));

export const ALL_CARD_IDS: readonly string[] = [...cardIds(1), ...cardIds(2)];

export function cardKind(cardId: string): CardKind | undefined {
  const dash = cardId.lastIndexOf('-');
  if (dash < 0 || !ALL_CARD_IDS.includes(cardId)) return undefined;
  const kind = cardId.slice(0, dash);
  return CARD_KINDS.find((candidate) => candidate.kind === kind);
}

export function setup(input: { seats: number; options: MilestoneCityOptions; seed: string }): MilestoneCityState {
  const rng = openRng(seedRng(input.seed));
  const deck = rng.shuffle(cardIds(1));
  const handSize = HAND_SIZE[input.seats] ?? 3;
  const hands = Array.from({ length: input.seats }, () => deck.splice(0, handSize));
  return {
    seats: input.seats,
    goal: input.options.milestones ?? MILESTONES.length,
    handSize,
    phase: 'piece',
    active: 0,
    starter: 0,
    milestone: 0,
    faceUp: PIECES.map(() => false),
    treasury: START_TREASURY,
    bars: { ...START_BARS },
    tiles: [],
    supply: TILES.map((tile) => tile.count),
    hands,
    deck,
    discard: [],
    pending: null,
    passes: 0,
    result: null,
    turns: 0,
    rng: rng.state(),
  };
}
