import { BUILDINGS } from '../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../src/games/guild-town/state.js';
import { SCORING_A, SCORING_B } from '../../src/games/construction-yard/data.js';
import { sortHand } from '../../src/games/construction-yard/setup.js';
import type { CYState } from '../../src/games/construction-yard/state.js';
import type { MilestoneCityState } from '../../src/games/milestone-city/state.js';

/**
 * "Other worlds" a seat cannot tell from the real one: the same state with the cards hidden from
 * that seat dealt differently (deck orders, face-down piles, the other players' hands). Written
 * per game from its rulebook's idea of what is secret, independently of the engine's `view` and of
 * the kernel's reveal guard, so that the take-back property test (test/engine/take-back-reveals)
 * checks both: the test first proves each world gives the seat the very same view, then applies
 * the same move in every world. If the mover's view (or the log lines it reads) afterwards differs
 * between worlds, the move told the mover something that was hidden before it.
 *
 * Each function returns a few worlds: the hidden cards rotated by one place through all their
 * hiding places, and shuffled by a seeded permutation (`salt`), so a revealed card differs.
 */
export type HiddenWorlds = (state: unknown, seat: number, salt: number) => unknown[];

/** Positions (array, index) that hold hidden items; `rearrange` deals the same items anew into them. */
type Slots = { array: unknown[]; index: number }[];

function rearrange(slots: Slots, order: (items: unknown[]) => unknown[]): void {
  const items = order(slots.map(({ array, index }) => array[index]));
  slots.forEach(({ array, index }, at) => (array[index] = items[at]));
}

const rotate = (items: unknown[]) => [...items.slice(1), ...items.slice(0, 1)];

/** A deterministic permutation (Park–Miller) of `items`. */
function permute(salt: number) {
  return (items: unknown[]) => {
    const out = items.slice();
    let seed = (salt % 2147483646) + 1;
    for (let i = out.length - 1; i > 0; i--) {
      seed = (seed * 16807) % 2147483647;
      const j = seed % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
}

const slotsOf = (array: unknown[], keep: (item: unknown) => boolean = () => true): Slots =>
  array.flatMap((item, index) => (keep(item) ? [{ array, index }] : []));

function worlds<S>(state: S, salt: number, hide: (copy: S) => Slots[]): S[] {
  return [rotate, permute(salt)].map((order) => {
    const copy = structuredClone(state);
    for (const slots of hide(copy)) rearrange(slots, order);
    return copy;
  });
}

/**
 * Guild town: the money deck, the face-down discard and the other players' money are one pool of
 * hidden money cards; each building tier's face-down pile and the other players' building cards
 * of that tier are one pool (a hand shows only its size).
 */
export const guildTownWorlds: HiddenWorlds = (state, seat, salt) =>
  worlds(state as GuildTownState, salt, (s) => {
    const others = s.players.filter((_, other) => other !== seat);
    const money = [...slotsOf(s.moneyDeck), ...slotsOf(s.moneyDiscard), ...others.flatMap((p) => slotsOf(p.money))];
    const tiers = (['basic', 'expanded', 'advanced'] as const).map((tier) => [
      ...slotsOf(s.piles[tier]),
      ...others.flatMap((p) => slotsOf(p.hand, (id) => BUILDINGS[id as number].tier === tier)),
    ]);
    return [money, ...tiers];
  });

/**
 * Construction yard: the money cards in the deck and the other players' hands are one pool (hands
 * are kept sorted); the scoring cards' places in the deck and the building deck's order are hidden
 * too. The discard lies face up.
 */
export const constructionYardWorlds: HiddenWorlds = (state, seat, salt) =>
  worlds(state as CYState, salt, (s) => {
    const scoring = (id: unknown) => id === SCORING_A || id === SCORING_B;
    const money = [...slotsOf(s.moneyDeck, (id) => !scoring(id)), ...s.hands.filter((_, other) => other !== seat).flatMap((hand) => slotsOf(hand))];
    return [money, slotsOf(s.buildingDeck)];
  }).map((world, index) => {
    world.hands = world.hands.map((hand) => sortHand(hand));
    // The second world also moves the scoring cards within the deck.
    if (index === 1) world.moneyDeck = rotate(world.moneyDeck) as string[];
    return world;
  });

/** Milestone city: hands lie open; only the draw pile's order is hidden. */
export const milestoneCityWorlds: HiddenWorlds = (state, _seat, salt) => worlds(state as MilestoneCityState, salt, (s) => [slotsOf(s.deck)]);

/** Urbanization hides nothing: the real world is the only one. */
export const urbanizationWorlds: HiddenWorlds = () => [];

export const HIDDEN_WORLDS: Record<string, HiddenWorlds> = {
  'guild-town': guildTownWorlds,
  'construction-yard': constructionYardWorlds,
  'milestone-city': milestoneCityWorlds,
  urbanization: urbanizationWorlds,
};
