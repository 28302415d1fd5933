import { openRng } from '../../engine/rng.js';
import { HAND_LIMIT, MONEY, MONEY_SET_STEP } from './data.js';
import { withItem, type GuildTownState } from './state.js';

/**
 * Value of a group of money cards: each colour counts either its printed values or, for two or more
 * cards of that colour, the set value 5 × (cards − 1) (2 → 5, 3 → 10, 4 → 15 …), whichever is higher
 * (the set is optional, so a payer always takes the better one).
 */
export function cardsValue(ids: readonly number[]): number {
  // Loops, no intermediate arrays: legal bids and payments ask this for every candidate.
  let total = 0;
  for (let colour = 0; colour < 4; colour++) {
    let printed = 0;
    let cards = 0;
    for (const id of ids) {
      if (MONEY[id].colour !== colour) continue;
      printed += MONEY[id].value;
      cards++;
    }
    const set = cards >= 2 ? MONEY_SET_STEP * (cards - 1) : 0;
    total += Math.max(printed, set);
  }
  return total;
}

/** Printed value only (order of play at setup, investments). */
export function printedValue(ids: readonly number[]): number {
  return ids.reduce((sum, id) => sum + MONEY[id].value, 0);
}

/** Draw the top money card (reshuffling the discard pile into a new deck when the deck is empty). */
export function drawMoney(state: GuildTownState): number | null {
  if (state.moneyDeck.length === 0 && state.moneyDiscard.length > 0) {
    const rng = openRng(state.rng);
    state.moneyDeck = rng.shuffle(state.moneyDiscard);
    state.moneyDiscard = [];
    state.rng = rng.state();
  }
  if (state.moneyDeck.length === 0) return null;
  const [card, ...rest] = state.moneyDeck;
  state.moneyDeck = rest;
  return card;
}

/** Refill the two face-up money slots. */
export function refillMoneyRow(state: GuildTownState): void {
  for (let slot = 0; slot < state.moneyRow.length; slot++) if (state.moneyRow[slot] === null) state.moneyRow = withItem(state.moneyRow, slot, () => drawMoney(state));
}

/**
 * Give a money card to a seat. Above the 10-card limit the extra card is discarded at once
 * (returns false then).
 */
export function giveMoney(state: GuildTownState, seat: number, card: number): boolean {
  const player = state.players[seat];
  if (player.money.length >= HAND_LIMIT) {
    state.moneyDiscard = [...state.moneyDiscard, card];
    return false;
  }
  player.money = [...player.money, card];
  return true;
}

export function discardMoney(state: GuildTownState, seat: number, card: number): void {
  const player = state.players[seat];
  player.money = player.money.filter((id) => id !== card);
  state.moneyDiscard = [...state.moneyDiscard, card];
}
