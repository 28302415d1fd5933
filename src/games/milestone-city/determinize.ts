import { forkRng } from '../../engine/determinize.js';
import type { Rng } from '../../engine/rng.js';
import { editionOf, type EditionProfile } from './editions.js';
import type { MilestoneCityState } from './state.js';
import type { MilestoneCityView } from './view.js';

/**
 * A full state consistent with `view`: hands lie open in this cooperative game, so the only hidden
 * things are the draw order and the RNG. The draw pile is every card of the stages dealt in so far
 * that is in no hand, on no tile, in no discard and not being played, shuffled with `rng`.
 */
export function determinize(view: MilestoneCityView, _seat: number, rng: Rng, rules?: EditionProfile): MilestoneCityState {
  const profile = rules === undefined ? {} : { rules };
  const edition = editionOf(profile);
  const seats = view.hands.length;
  const seen = new Set<string>([...view.hands.flat(), ...view.discard, ...view.tiles.map((tile) => tile.card)]);
  if (view.pending) seen.add(view.pending.card);
  const dealtIn = view.milestone >= edition.stageTwoAt && view.result === null ? [...edition.stageCards[1], ...edition.stageCards[2]] : [...edition.stageCards[1]];
  const deck = rng.shuffle(dealtIn.filter((card) => !seen.has(card))).slice(0, view.deckSize);
  return {
    seats,
    goal: view.goal,
    handSize: edition.handSize[seats] ?? 3,
    phase: view.phase,
    active: view.active ?? view.starter,
    starter: view.starter,
    milestone: view.milestone,
    faceUp: view.pieces.map((piece) => piece.faceUp),
    treasury: view.treasury,
    bars: view.bars,
    tiles: view.tiles,
    supply: view.supply.map((entry) => entry.left),
    hands: view.hands,
    deck,
    discard: view.discard,
    pending: view.pending,
    passes: view.passes,
    result: view.result,
    turns: view.turns,
    rng: forkRng(rng),
    ...profile,
  };
}
