import { openRng } from '../../engine/rng.js';
import { ruleError, type ApplyResult, type LogEntry, type RuleError, type Seat } from '../../engine/types.js';
import type { CYAction } from './actions.js';
import { CURRENCIES, MAX_ACTIONS_PER_TURN, TAKE_LIMIT, buildingCard, moneyCard } from './data.js';
import { buildingLabel, collectorName, currencyTotal, endTurn, moneyLabel } from './flow.js';
import { sortHand } from './setup.js';
import { cardTerm, currencyTerm, entry, moneyTerm, who } from './log-entry.js';
import type { LogArgsOf } from './log-keys.js';
import { withItem, type CYState } from './state.js';

type Result = ApplyResult<CYState> | RuleError;

/**
 * The draft `apply` works on: a new state object whose arrays are shared with the input state.
 * The rules never change a shared array in place: they replace it (`withItem`, spreads, or a
 * copy taken before a loop changes it), so the input state is never touched. A deep copy per
 * `apply` was a third of the engine's time. Every field is spelled out (a literal is copied many
 * times faster than a spread); a new required field fails to compile here.
 */
export function draftOf(state: CYState): CYState {
  return {
    rules: state.rules, startingCapital: state.startingCapital, openingLogged: state.openingLogged, seats: state.seats, neutral: state.neutral,
    hands: state.hands, moneyDeck: state.moneyDeck, moneyDisplay: state.moneyDisplay, discard: state.discard, buildingDeck: state.buildingDeck,
    yard: state.yard, owned: state.owned, scores: state.scores, scorings: state.scorings, finalAssignments: state.finalAssignments,
    startPlayer: state.startPlayer, current: state.current, actionsThisTurn: state.actionsThisTurn, turn: state.turn, pending: state.pending,
    over: state.over, rng: state.rng,
  };
}

/** Version 2: every seat's starting capital as it was dealt face up, for everyone. */
function openingEntry(capital: readonly string[][]): LogEntry {
  const faces = capital.map((hand) => hand.map((id) => ({ currency: moneyCard(id).currency, value: moneyCard(id).value })));
  const args: Record<string, unknown> = {};
  capital.forEach((hand, seat) => {
    args[`player${seat}`] = who(seat);
    args[`cards${seat}`] = hand.map(moneyTerm);
  });
  return entry(
    `startingCapital${capital.length}` as 'startingCapital2',
    args as LogArgsOf<'startingCapital2'>,
    `Starting capital, dealt face up: ${capital.map((hand, seat) => `seat ${seat} ${hand.map(moneyLabel).join(', ')}`).join('; ')}.`,
    { startingCapital: faces },
  );
}

const isSlot = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3;

/** Seat may take some money now: the display is not empty. */
export function canTakeMoney(state: CYState): boolean {
  return state.moneyDisplay.length > 0;
}

/** Seat can start buying the building at `slot`: it is there and the seat holds enough of the position's currency. */
export function canBuy(state: CYState, seat: Seat, slot: number): boolean {
  const building = state.yard[slot];
  if (building === null || building === undefined) return false;
  return currencyTotal(state.hands[seat]!, CURRENCIES[slot]!) >= buildingCard(building).price;
}

export function applyAction(state: CYState, seat: Seat, action: CYAction): Result {
  if (state.over) return ruleError('GAME_OVER', 'The game is over.');
  if (seat !== state.current) return ruleError('NOT_YOUR_TURN', `It is seat ${state.current}'s turn.`);
  if (typeof action !== 'object' || action === null) return ruleError('UNKNOWN_ACTION', 'That is not an action of this game.');
  const draft = draftOf(state);
  const log: LogEntry[] = [];
  const rng = openRng(draft.rng);
  let turnEnds = false;
  switch (action.type) {
    case 'takeMoney': {
      if (draft.pending) return ruleError('PURCHASE_UNDER_WAY', 'Finish or cancel the purchase under way first.');
      const slots: unknown = action.slots;
      if (!Array.isArray(slots) || slots.length === 0 || !slots.every(isSlot)) return ruleError('BAD_SLOTS', 'Name one to four money display positions (0 to 3).');
      if (new Set(slots).size !== slots.length) return ruleError('BAD_SLOTS', 'Each money display position may be named once.');
      if (slots.some((slot) => slot >= draft.moneyDisplay.length)) return ruleError('NO_MONEY_THERE', 'There is no money card at that display position.');
      const cards = slots.map((slot) => draft.moneyDisplay[slot]!);
      const total = cards.reduce((sum, id) => sum + moneyCard(id).value, 0);
      if (cards.length > 1 && total > TAKE_LIMIT) {
        return ruleError('TAKE_LIMIT_EXCEEDED', `Several money cards may be taken only if they total at most ${TAKE_LIMIT}; these total ${total}.`);
      }
      draft.moneyDisplay = draft.moneyDisplay.filter((_, slot) => !slots.includes(slot));
      draft.hands = withItem(draft.hands, seat, (hand) => sortHand([...hand, ...cards]));
      draft.actionsThisTurn += 1;
      log.push(entry('takeMoney', { player: who(seat), money: cards.map(moneyTerm) }, `Seat ${seat} takes ${cards.map(moneyLabel).join(' and ')}.`, { take: cards.map((id) => moneyCard(id)).map(({ currency, value }) => ({ currency, value })) }));
      turnEnds = true;
      break;
    }
    case 'buy': {
      if (draft.pending) return ruleError('PURCHASE_UNDER_WAY', 'Finish or cancel the purchase under way first.');
      if (!isSlot(action.slot)) return ruleError('BAD_SLOT', 'Name a yard position from 0 to 3.');
      const building = draft.yard[action.slot];
      if (building === null || building === undefined) return ruleError('NO_BUILDING_THERE', 'There is no building on that yard position.');
      const toNeutral = action.toNeutral === true;
      if (toNeutral && !draft.neutral) return ruleError('NO_NEUTRAL_COLLECTOR', 'Buildings can be given to the neutral collector only in a two-player game.');
      if (!canBuy(draft, seat, action.slot)) {
        return ruleError('CANNOT_AFFORD', `You need ${CURRENCIES[action.slot]} money worth at least ${buildingCard(building).price} to buy this building.`);
      }
      draft.pending = { slot: action.slot, paid: [], toNeutral };
      log.push(entry(toNeutral ? 'buyForNeutral' : 'buy', { player: who(seat), building: cardTerm(building), currency: currencyTerm(CURRENCIES[action.slot]!) }, `Seat ${seat} buys the ${buildingLabel(building)} with ${CURRENCIES[action.slot]} money${toNeutral ? ' for the neutral collector' : ''}.`));
      break;
    }
    case 'pay': {
      if (!draft.pending) return ruleError('NO_PURCHASE_UNDER_WAY', 'Start buying a building before paying.');
      const currency = CURRENCIES[draft.pending.slot]!;
      const hand = draft.hands[seat]!;
      const at = hand.findIndex((id) => moneyCard(id).currency === currency && moneyCard(id).value === action.value);
      if (at < 0) return ruleError('CARD_NOT_IN_HAND', `You hold no ${currency} ${String(action.value)}.`);
      const card = hand[at];
      draft.hands = withItem(draft.hands, seat, () => hand.filter((_, index) => index !== at));
      const pending = { ...draft.pending, paid: [...draft.pending.paid, card!] };
      draft.pending = pending;
      log.push(entry('pay', { player: who(seat), currency: currencyTerm(currency), value: moneyCard(card!).value }, `Seat ${seat} pays a ${moneyLabel(card!)}.`));
      const building = draft.yard[pending.slot]!;
      const { price } = buildingCard(building);
      const paid = pending.paid.reduce((sum, id) => sum + moneyCard(id).value, 0);
      if (paid < price) break;
      const recipient = pending.toNeutral ? draft.seats : seat;
      draft.discard = [...draft.discard, ...pending.paid];
      draft.owned = withItem(draft.owned, recipient, (owned) => [...owned, building]);
      draft.yard = withItem(draft.yard, pending.slot, () => null);
      draft.pending = null;
      draft.actionsThisTurn += 1;
      const exact = paid === price;
      const again = exact && draft.actionsThisTurn < MAX_ACTIONS_PER_TURN;
      const paidKey = `${exact ? (again ? 'paidExact' : 'paidExactLimit') : 'paidOver'}${pending.toNeutral ? 'ForNeutral' : ''}` as const;
      log.push(
        entry(
          paidKey,
          { player: who(seat), paid, building: cardTerm(building) },
          `Seat ${seat} paid ${paid} for the ${buildingLabel(building)}, which goes to ${collectorName(draft, recipient).replace('Seat', 'seat')}${
            exact ? (again ? '; exact payment: another action' : '; exact payment, but five actions is the limit') : '; no change is given'
          }.`,
          { bought: building, paid, price, recipient, exact },
        ),
      );
      turnEnds = !again;
      break;
    }
    case 'cancel': {
      const pending = draft.pending;
      if (!pending) return ruleError('NO_PURCHASE_UNDER_WAY', 'There is no purchase to cancel.');
      draft.hands = withItem(draft.hands, seat, (hand) => sortHand([...hand, ...pending.paid]));
      draft.pending = null;
      log.push(entry('cancel', { player: who(seat) }, `Seat ${seat} cancels the purchase and takes back the cards paid.`));
      break;
    }
    case 'pass': {
      if (draft.pending) return ruleError('PURCHASE_UNDER_WAY', 'Finish or cancel the purchase under way first.');
      if (canTakeMoney(draft) || draft.yard.some((_, slot) => canBuy(draft, seat, slot))) {
        return ruleError('MUST_ACT', 'You must take money or buy a building; passing is allowed only when neither is possible.');
      }
      log.push(entry('pass', { player: who(seat) }, `Seat ${seat} can neither take money nor buy a building and passes.`));
      turnEnds = true;
      break;
    }
    default:
      return ruleError('UNKNOWN_ACTION', 'That is not an action of this game.');
  }
  if (turnEnds) endTurn(draft, rng, log);
  draft.rng = rng.state();
  if (draft.startingCapital && draft.openingLogged === false) {
    // The log has no event before the first move: the face-up deal opens the first one.
    log.unshift(openingEntry(draft.startingCapital));
    draft.openingLogged = true;
  }
  return { state: draft, log, irreversible: turnEnds };
}
