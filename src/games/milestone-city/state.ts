import { openRng, seedRng, type RngState } from '../../engine/rng.js';
import { PIECES, type BarName } from './data.js';
import { editionOf, type EditionProfile } from './editions.js';

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
  /** The rules profile: which edition's data this game plays with (absent: the first edition). */
  rules?: EditionProfile;
}

export interface MilestoneCityOptions {
  milestones: number;
}

/**
 * A new game with the edition its rules version's profile names (card ids are `<kind>-<copy>`,
 * e.g. `clinic-1`). versionedSetup (index.ts) records the profile as `state.rules`.
 */
export function setup(input: { seats: number; options: MilestoneCityOptions; seed: string }, rules: EditionProfile = {}): MilestoneCityState {
  const data = editionOf({ rules });
  const rng = openRng(seedRng(input.seed));
  const deck = rng.shuffle([...data.stageCards[1]]);
  const handSize = data.handSize[input.seats] ?? 3;
  const hands = Array.from({ length: input.seats }, () => deck.splice(0, handSize));
  return {
    seats: input.seats,
    goal: input.options.milestones ?? data.milestones.length,
    handSize,
    phase: 'piece',
    active: 0,
    starter: 0,
    milestone: 0,
    faceUp: PIECES.map(() => false),
    treasury: data.startTreasury,
    bars: { ...data.startBars },
    tiles: [],
    supply: [...data.supply],
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
