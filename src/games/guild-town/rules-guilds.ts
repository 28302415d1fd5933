import { ruleError, type RuleError } from '../../engine/types.js';
import type { GuildTownAction } from './actions.js';
import { BUILD_COST, BUILDINGS, BUY_PRICE, FINALS, HAND_LIMIT, MAYOR_CARDS, MONEY, STORE_GOODS, TOKEN_LIMIT } from './data.js';
import { endTurn, type Ctx } from './flow.js';
import { cardsValue, discardMoney, drawMoney, giveMoney, refillMoneyRow } from './money.js';
import { hasProductionLine } from './production.js';
import { setSlot, withItem, type Buying, type GuildTownState, type Prompt, type Turn } from './state.js';
import { building, entry, good as goodTerm, money, tier, who } from './log-entry.js';
import { buildingWords, moneyWords } from './words.js';

/** What each town hall choice gives, in the words of its button. */
const HALL_CHOICES = { privilege: 'a privilege token', work: 'a work token', order: 'a better place in the order' } as const;

type Of<T extends GuildTownAction['type']> = Extract<GuildTownAction, { type: T }>;
export type RowName = 'basic' | 'expanded' | 'advanced';

/** May this turn's helper use a privilege now (gold space, or a privilege token)? */
export function canPrivilege(s: GuildTownState, turn: Turn): boolean {
  return !turn.privUsed && (turn.gold || s.players[turn.seat].privTokens > 0);
}

export function usePrivilege(ctx: Ctx, turn: Turn): void {
  turn.privUsed = true;
  if (!turn.gold) {
    ctx.s.players[turn.seat].privTokens--;
    ctx.s.privBank++;
  }
}

const noPrivilege = (): RuleError => ruleError('NO_PRIVILEGE', 'This helper has no privilege to use (gold space or privilege token, once per helper).');

/*
 * Each action of a guild turn is two functions: `…Refusal` reads the state and says why the rules
 * refuse the action (null when they accept it), `do…` carries out an accepted action on the copy
 * `apply` made. legalActions asks only the refusals, so listing the legal actions copies nothing.
 */

/** The top card of a building pile, taken off it (null when the pile is empty). */
function takeFromPile(s: GuildTownState, row: RowName): number | null {
  const pile = s.piles[row];
  if (pile.length === 0) return null;
  s.piles = { ...s.piles, [row]: pile.slice(1) };
  return pile[0];
}

/** Lay `card` (or nothing) in a slot of a face-up building row. */
function setRowSlot(s: GuildTownState, row: RowName, slot: number, card: number | null): void {
  s.rows = { ...s.rows, [row]: withItem(s.rows[row], slot, () => card) };
}

// ---------- Bankers ----------

export function bankTakeRefusal(s: GuildTownState, turn: Turn, action: Of<'bankTake'>): RuleError | null {
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You are not taking money now.');
  if (s.moneyRow[action.slot] === null) return ruleError('SLOT_EMPTY', 'That money slot is empty.');
  if (turn.bankTaken >= 2) return ruleError('TWO_FACE_UP', 'You may take at most 2 of the face-up money cards.');
  return null;
}

export function doBankTake(ctx: Ctx, turn: Turn, action: Of<'bankTake'>): void {
  const s = ctx.s;
  const card = s.moneyRow[action.slot]!;
  const already = turn.bankTaken;
  s.players[turn.seat].money = [...s.players[turn.seat].money, card];
  s.moneyRow = withItem(s.moneyRow, action.slot, () => null);
  turn.bankTaken = already + 1;
  ctx.log.push(entry('takeFaceUp', { player: who(turn.seat), card: money(card) }, `Seat ${turn.seat} takes the face-up ${moneyWords(card)}.`, { data: { card } }));
  if (turn.bankTaken === 2) return doBankDraw(ctx, turn);
}

export function doBankDraw(ctx: Ctx, turn: Turn): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const count = 4 - (turn.bankTaken);
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) {
    const card = drawMoney(s);
    if (card !== null) drawn.push(card);
  }
  p.money = [...p.money, ...drawn];
  refillMoneyRow(s);
  ctx.irreversible = true;
  ctx.log.push(entry('bankDraw', { player: who(turn.seat), count: drawn.length }, `Seat ${turn.seat} draws ${drawn.length} money cards.`));
  if (drawn.length) ctx.log.push(entry('bankDrawYou', { cards: drawn.map(money) }, `You draw ${drawn.map(moneyWords).join(', ')}.`, { visibleTo: [turn.seat], data: { drawn } }));
  turn.prompt = { kind: 'bankDiscard', left: 2, privileged: false };
  return finishBank(ctx, turn);
}

/** Discards the banker still owes: the 2 (1 with the privilege), or more while above the hand limit. */
export function bankLeft(s: GuildTownState, turn: Turn): number {
  if (turn.prompt.kind !== 'bankDiscard') return 0;
  return Math.max(turn.prompt.left, s.players[turn.seat].money.length - HAND_LIMIT);
}

function finishBank(ctx: Ctx, turn: Turn): void {
  if (bankLeft(ctx.s, turn) <= 0 || ctx.s.players[turn.seat].money.length === 0) endTurn(ctx);
}

export function bankPrivilegeRefusal(s: GuildTownState, turn: Turn): RuleError | null {
  if (turn.prompt.kind !== 'bankDiscard' || turn.prompt.privileged || turn.prompt.left < 1) return ruleError('WRONG_STEP', 'The privilege is used while discarding.');
  if (!canPrivilege(s, turn)) return noPrivilege();
  return null;
}

export function doBankPrivilege(ctx: Ctx, turn: Turn): void {
  if (turn.prompt.kind !== 'bankDiscard') return;
  usePrivilege(ctx, turn);
  turn.prompt.privileged = true;
  turn.prompt.left--;
  ctx.log.push(entry('bankPrivilege', { player: who(turn.seat) }, `Seat ${turn.seat} uses the privilege: one discard fewer.`));
  finishBank(ctx, turn);
}

export function bankDiscardRefusal(s: GuildTownState, turn: Turn, card: number): RuleError | null {
  if (turn.prompt.kind !== 'bankDiscard') return ruleError('WRONG_STEP', 'You are not discarding now.');
  if (!s.players[turn.seat].money.includes(card)) return ruleError('CARD_NOT_IN_HAND', 'You do not hold that money card.');
  return null;
}

export function doBankDiscard(ctx: Ctx, turn: Turn, card: number): void {
  if (turn.prompt.kind !== 'bankDiscard') return;
  discardMoney(ctx.s, turn.seat, card);
  // Discards above the hand limit used to count `left` below 0; version 4 stops it at 0.
  turn.prompt.left = ctx.s.rules?.bankDiscardLeftFloor === true ? Math.max(0, turn.prompt.left - 1) : turn.prompt.left - 1;
  ctx.log.push(entry('discard', { player: who(turn.seat), card: money(card) }, `Seat ${turn.seat} discards a ${moneyWords(card)}.`, { data: { card } }));
  finishBank(ctx, turn);
}

// ---------- Paying ----------

/** Start a payment of `cost` with cards of `colours` (empty = any); cost 0 finishes at once. */
export function startPayment(ctx: Ctx, turn: Turn, seat: number, cost: number, colours: number[], reason: string): void {
  if (cost <= 0) return afterPayment(ctx, turn, reason);
  turn.prompt = { kind: 'pay', seat, cost, selected: [], colours, reason };
}

export function payableValue(s: GuildTownState, seat: number, colours: readonly number[]): number {
  return cardsValue(s.players[seat].money.filter((id) => colours.length === 0 || colours.includes(MONEY[id].colour)));
}

export function payRefusal(s: GuildTownState, turn: Turn, card: number): RuleError | null {
  const prompt = turn.prompt;
  if (prompt.kind !== 'pay') return ruleError('WRONG_STEP', 'Nothing is to be paid now.');
  if (!s.players[prompt.seat].money.includes(card)) return ruleError('CARD_NOT_IN_HAND', 'You do not hold that money card.');
  if (prompt.colours.length > 0 && !prompt.colours.includes(MONEY[card].colour)) return ruleError('WRONG_COLOUR', 'A bought building is paid with money cards of its colours.');
  return null;
}

export function doPay(ctx: Ctx, turn: Turn, card: number): void {
  const prompt = turn.prompt;
  if (prompt.kind !== 'pay') return;
  discardMoney(ctx.s, prompt.seat, card);
  prompt.selected.push(card);
  ctx.log.push(entry('pay', { player: who(prompt.seat), card: money(card) }, `Seat ${prompt.seat} pays a ${moneyWords(card)}.`, { data: { card } }));
  if (cardsValue(prompt.selected) >= prompt.cost) {
    ctx.log.push(entry('paid', { paid: cardsValue(prompt.selected), cost: prompt.cost }, `Paid ${cardsValue(prompt.selected)} for a cost of ${prompt.cost} (no change).`));
    if (prompt.buying) takeBought(ctx, turn, prompt.buying, prompt.cost);
    afterPayment(ctx, turn, prompt.reason);
  }
}

/** Version 5: only a purchase is cancelled before it is paid (not a raise, nor an auction won). */
export function cancelRefusal(s: GuildTownState, turn: Turn): RuleError | null {
  if (s.rules?.cancelPurchase !== true) return ruleError('NO_PURCHASE_UNDER_WAY', 'Under these rules (before version 5) a purchase cannot be cancelled.');
  if (turn.prompt.kind !== 'pay' || !turn.prompt.buying) return ruleError('NO_PURCHASE_UNDER_WAY', 'There is no purchase to cancel.');
  return null;
}

/** Give up the purchase under way: the cards paid so far leave the discard pile for the hand (nothing was drawn meanwhile). */
export function doCancel(ctx: Ctx, turn: Turn): void {
  const prompt = turn.prompt;
  if (prompt.kind !== 'pay' || !prompt.buying) return;
  const s = ctx.s;
  const paid = new Set(prompt.selected);
  s.moneyDiscard = s.moneyDiscard.filter((id) => !paid.has(id));
  s.players[prompt.seat].money = [...s.players[prompt.seat].money, ...prompt.selected];
  const card = prompt.buying.card;
  ctx.log.push(entry('cancelPurchase', { player: who(prompt.seat), building: building(card) }, `Seat ${prompt.seat} cancels the purchase of the ${buildingWords(card)} and takes back the cards paid.`, { data: { card } }));
  turn.prompt = { kind: 'main' };
}

function afterPayment(ctx: Ctx, turn: Turn, reason: string): void {
  if (reason === 'build') return endTurn(ctx);
  // Notary: the look-at-five privilege may follow the action.
  if (canPrivilege(ctx.s, turn) && !turn.looked) turn.prompt = { kind: 'notaryAfter' };
  else endTurn(ctx);
}

// ---------- Builders ----------

export function buildingRuleOk(town: readonly { card: number }[], card: number, side: 'left' | 'right'): boolean {
  if (town.length === 0) return true;
  const nb = BUILDINGS[side === 'left' ? town[0].card : town[town.length - 1].card];
  const c = BUILDINGS[card];
  return c.top === nb.top || c.bottom === nb.bottom;
}

/** The builders' step a raise continues: a first raise starts one from the main prompt. */
function buildStep(turn: Turn): Prompt {
  return turn.prompt.kind === 'main' ? { kind: 'build', raised: 0, cost: 0 } : turn.prompt;
}

export function raiseRefusal(s: GuildTownState, turn: Turn, action: Of<'raise'>): RuleError | null {
  const p = s.players[turn.seat];
  const prompt = buildStep(turn);
  if (prompt.kind !== 'build') return ruleError('WRONG_STEP', 'You cannot raise a building now.');
  if (prompt.raised >= 2) return ruleError('TWO_BUILDINGS', 'At most two buildings per helper.');
  if (!p.hand.includes(action.card)) return ruleError('CARD_NOT_IN_HAND', 'You do not hold that building card.');
  const cost = prompt.cost + BUILD_COST[BUILDINGS[action.card].tier];
  if (cardsValue(p.money) < cost) return ruleError('NOT_ENOUGH_MONEY', `Raising costs ${cost} in all; your money cards are not worth that much.`);
  if (action.privilege) {
    if (!canPrivilege(s, turn)) return noPrivilege();
  } else if (!buildingRuleOk(p.town, action.card, action.side)) {
    return ruleError('BUILDING_RULE', 'The new building must match the upper or lower colour of its neighbour.');
  }
  return null;
}

export function doRaise(ctx: Ctx, turn: Turn, action: Of<'raise'>): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const prompt = buildStep(turn);
  if (prompt.kind !== 'build') return;
  const card = BUILDINGS[action.card];
  const cost = prompt.cost + BUILD_COST[card.tier];
  if (action.privilege) usePrivilege(ctx, turn);
  p.hand = p.hand.filter((id) => id !== action.card);
  const raised = { card: action.card, slots: card.inputs.map(() => false) };
  p.town = action.side === 'left' ? [raised, ...p.town] : [...p.town, raised];
  turn.prompt = { kind: 'build', raised: prompt.raised + 1, cost };
  ctx.log.push(
    entry(action.privilege ? 'raisePrivilege' : 'raise', { player: who(turn.seat), building: building(card.id), side: { term: `side.${action.side}` } }, `Seat ${turn.seat} raises the ${buildingWords(card.id)} on the ${action.side}${action.privilege ? ' using the privilege' : ''}.`, {
      data: { card: card.id },
    }),
  );
  FINALS.forEach((fin, f) => {
    if (s.bonusTaken[f] === null && hasProductionLine(p.town, fin)) {
      s.bonusTaken = withItem(s.bonusTaken, f, () => turn.seat);
      p.bonus = [...p.bonus, fin];
      ctx.log.push(entry('bonus', { player: who(turn.seat), good: goodTerm(fin) }, `Seat ${turn.seat} completes the first ${fin} production line and takes its bonus token.`));
    }
  });
  if (turn.prompt.raised >= 2) return doBuildDone(ctx, turn);
}

export function buildDoneRefusal(turn: Turn): RuleError | null {
  return turn.prompt.kind === 'build' ? null : ruleError('WRONG_STEP', 'You are not building now.');
}

export function doBuildDone(ctx: Ctx, turn: Turn): void {
  if (turn.prompt.kind !== 'build') return;
  const message = `Seat ${turn.seat} stops building${turn.prompt.cost > 0 ? `, with ${turn.prompt.cost} to pay for what was raised` : ''}.`;
  ctx.log.push(turn.prompt.cost > 0 ? entry('stopBuildingPay', { player: who(turn.seat), cost: turn.prompt.cost }, message) : entry('stopBuilding', { player: who(turn.seat) }, message));
  startPayment(ctx, turn, turn.seat, turn.prompt.cost, [], 'build');
}

// ---------- Notary ----------

/** A bought building is paid with money cards of its colours (one or two). */
const buyColours = (id: number): number[] => [...new Set([BUILDINGS[id].top, BUILDINGS[id].bottom])];

export function buyRefusal(s: GuildTownState, turn: Turn, action: Of<'buy'>): RuleError | null {
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You cannot buy a building now.');
  const id = s.rows[action.row][action.slot];
  if (id === null) return ruleError('SLOT_EMPTY', 'That building slot is empty.');
  const price = BUY_PRICE[BUILDINGS[id].tier];
  if (payableValue(s, turn.seat, buyColours(id)) < price) return ruleError('NOT_ENOUGH_MONEY', `This building costs ${price}, paid with cards of its colours.`);
  return null;
}

export function doBuy(ctx: Ctx, turn: Turn, action: Of<'buy'>): void {
  const s = ctx.s;
  const id = s.rows[action.row][action.slot]!;
  const card = BUILDINGS[id];
  const colours = buyColours(id);
  const price = BUY_PRICE[card.tier];
  if (s.rules?.cancelPurchase === true) {
    // Version 5: chosen now, taken once paid (the row is refilled then); until then it may be cancelled.
    ctx.log.push(entry('buyToPay', { player: who(turn.seat), building: building(id), price }, `Seat ${turn.seat} buys the ${buildingWords(id)} for ${price}, to be paid.`, { data: { card: id } }));
    turn.prompt = { kind: 'pay', seat: turn.seat, cost: price, selected: [], colours, reason: 'buy', buying: { row: action.row, slot: action.slot, card: id } };
    return;
  }
  s.players[turn.seat].hand = [...s.players[turn.seat].hand, id];
  setRowSlot(s, action.row, action.slot, takeFromPile(s, action.row));
  ctx.log.push(entry('buy', { player: who(turn.seat), building: building(id), price }, `Seat ${turn.seat} buys the ${buildingWords(id)} for ${price}.`, { data: { card: id } }));
  startPayment(ctx, turn, turn.seat, price, colours, 'buy');
}

/** Version 5: the paid-for building goes to the hand and its row is refilled from the pile. */
function takeBought(ctx: Ctx, turn: Turn, buying: Buying, price: number): void {
  const s = ctx.s;
  s.players[turn.seat].hand = [...s.players[turn.seat].hand, buying.card];
  setRowSlot(s, buying.row, buying.slot, takeFromPile(s, buying.row));
  ctx.log.push(entry('takeBought', { player: who(turn.seat), building: building(buying.card), price }, `Seat ${turn.seat} takes the ${buildingWords(buying.card)}, paid ${price}.`, { data: { card: buying.card } }));
}

export function lookRefusal(s: GuildTownState, turn: Turn, row: RowName): RuleError | null {
  if (turn.prompt.kind !== 'main' && turn.prompt.kind !== 'notaryAfter') return ruleError('WRONG_STEP', 'You cannot look at cards now.');
  if (turn.looked) return ruleError('ONE_LOOK', 'You have already looked at five cards.');
  if (!canPrivilege(s, turn)) return noPrivilege();
  if (s.piles[row].length === 0 && s.rows[row].every((id) => id === null)) return ruleError('NOTHING_TO_LOOK_AT', 'That pile and its row are empty.');
  return null;
}

export function doLook(ctx: Ctx, turn: Turn, row: RowName): void {
  const s = ctx.s;
  const faceUp = s.rows[row].filter((id): id is number => id !== null);
  const drawn = s.piles[row].slice(0, 3);
  s.piles = { ...s.piles, [row]: s.piles[row].slice(3) };
  const cards = [...faceUp, ...drawn];
  usePrivilege(ctx, turn);
  turn.looked = true;
  s.rows = { ...s.rows, [row]: s.rows[row].map(() => null) };
  ctx.irreversible = true;
  const then = turn.prompt.kind === 'main' ? 'main' : 'end';
  ctx.log.push(entry('look', { player: who(turn.seat), tier: tier(row) }, `Seat ${turn.seat} uses the notary's privilege on the ${row} pile.`));
  ctx.log.push(entry('lookYou', { cards: cards.map(building) }, `You look at ${cards.map(buildingWords).join(', ')}.`, { visibleTo: [turn.seat], data: { cards } }));
  turn.prompt = { kind: 'look', row, cards, chosen: 0, then };
  if (cards.length <= 2) return finishLook(ctx, turn);
}

export function keepRefusal(turn: Turn, card: number): RuleError | null {
  const prompt = turn.prompt;
  if (prompt.kind !== 'look') return ruleError('WRONG_STEP', 'You are not choosing cards to show now.');
  if (!prompt.cards.includes(card)) return ruleError('NOT_LOOKED_AT', 'Choose one of the cards you are looking at.');
  return null;
}

export function doKeep(ctx: Ctx, turn: Turn, card: number): void {
  const s = ctx.s;
  const prompt = turn.prompt;
  if (prompt.kind !== 'look') return;
  setRowSlot(s, prompt.row, s.rows[prompt.row].indexOf(null), card);
  prompt.cards = prompt.cards.filter((id) => id !== card);
  prompt.chosen++;
  ctx.log.push(entry('layOut', { player: who(turn.seat), building: building(card) }, `Seat ${turn.seat} lays out the ${buildingWords(card)}.`, { data: { card } }));
  if (prompt.chosen >= 2 || s.rows[prompt.row].indexOf(null) < 0) return finishLook(ctx, turn);
}

function finishLook(ctx: Ctx, turn: Turn): void {
  const s = ctx.s;
  const prompt = turn.prompt;
  if (prompt.kind !== 'look') return;
  // Fewer than 3 cards left to choose from: lay out what there is.
  while (prompt.cards.length > 0 && s.rows[prompt.row].indexOf(null) >= 0 && prompt.chosen < 2) {
    setRowSlot(s, prompt.row, s.rows[prompt.row].indexOf(null), prompt.cards.shift()!);
    prompt.chosen++;
  }
  s.piles = { ...s.piles, [prompt.row]: [...prompt.cards, ...s.piles[prompt.row]] };
  if (prompt.then === 'main') turn.prompt = { kind: 'main' };
  else endTurn(ctx);
}

export function auctionRefusal(s: GuildTownState, turn: Turn, action: Of<'auction'>): RuleError | null {
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You cannot start an auction now.');
  if (s.rows[action.row][action.slot] === null) return ruleError('SLOT_EMPTY', 'That building slot is empty.');
  if (cardsValue(s.players[turn.seat].money) < 1) return ruleError('BID_TOO_HIGH', 'You need money cards to open an auction.');
  return null;
}

export function doAuction(ctx: Ctx, turn: Turn, action: Of<'auction'>): void {
  const s = ctx.s;
  const id = s.rows[action.row][action.slot]!;
  const bidders: number[] = [];
  for (let i = 1; i <= s.seats; i++) bidders.push((turn.seat + i) % s.seats);
  s.auction = { row: action.row, slot: action.slot, card: id, initiator: turn.seat, high: 0, highSeat: turn.seat, bidders, toAct: turn.seat, raised: false, opening: true, mayor: null };
  ctx.log.push(entry('auction', { player: who(turn.seat), building: building(id) }, `Seat ${turn.seat} puts the ${buildingWords(id)} up for auction.`, { data: { card: id } }));
}

/** `seat` bids in the auction under way. */
export function bidRefusal(s: GuildTownState, seat: number, amount: number): RuleError | null {
  const a = s.auction!;
  if (amount <= a.high) return ruleError('BID_TOO_LOW', `Bid more than ${a.high}.`);
  if (amount > cardsValue(s.players[seat].money)) return ruleError('BID_TOO_HIGH', 'You cannot bid more than your money cards are worth.');
  return null;
}

export function doBid(ctx: Ctx, turn: Turn, amount: number): void {
  const s = ctx.s;
  const a = s.auction!;
  a.high = amount;
  a.highSeat = ctx.seat;
  ctx.log.push(entry('bid', { player: who(ctx.seat), amount }, `Seat ${ctx.seat} bids ${amount}.`, { data: { amount } }));
  if (a.mayor !== null) return settle(ctx, turn, ctx.seat);
  if (a.opening) {
    a.opening = false;
    return nextBidder(ctx, turn);
  }
  a.raised = true;
  return nextBidder(ctx, turn);
}

export function foldRefusal(s: GuildTownState): RuleError | null {
  return s.auction!.opening ? ruleError('OPENING_BID', 'Name an opening bid of at least 1.') : null;
}

export function doFold(ctx: Ctx, turn: Turn): void {
  const s = ctx.s;
  const a = s.auction!;
  ctx.log.push(entry('fold', { player: who(ctx.seat) }, `Seat ${ctx.seat} gives up bidding.`));
  if (a.mayor !== null) {
    ctx.log.push(entry('toPileBottom', { building: building(a.card) }, `The ${buildingWords(a.card)} goes to the bottom of its pile.`));
    s.piles = { ...s.piles, [a.row]: [...s.piles[a.row], a.card] };
    setRowSlot(s, a.row, a.slot, takeFromPile(s, a.row));
    s.auction = null;
    return afterPayment(ctx, turn, 'auction');
  }
  const at = a.bidders.indexOf(ctx.seat);
  a.bidders.splice(at, 1);
  a.toAct = a.bidders[(at - 1 + a.bidders.length) % a.bidders.length];
  return nextBidder(ctx, turn);
}

function nextBidder(ctx: Ctx, turn: Turn): void {
  const s = ctx.s;
  const a = s.auction!;
  const others = a.bidders.filter((seat) => seat !== a.highSeat);
  if (others.length === 0) {
    if (a.raised) return settle(ctx, turn, a.highSeat);
    // Nobody raised the opening bid: the mayor bids with 1/2/3 drawn cards at their highest value.
    const drawn: number[] = [];
    for (let i = 0; i < MAYOR_CARDS[BUILDINGS[a.card].tier]; i++) {
      const card = drawMoney(s);
      if (card !== null) drawn.push(card);
    }
    a.mayor = cardsValue(drawn);
    // Version 3 reads "the player may offer a higher value" as higher than the mayor's bid alone.
    a.high = s.rules?.mayorBidToBeat === true ? a.mayor : Math.max(a.high, a.mayor);
    s.moneyDiscard = [...s.moneyDiscard, ...drawn];
    a.toAct = a.initiator;
    ctx.irreversible = true;
    ctx.log.push(entry('mayorBids', { amount: a.mayor }, `Nobody raised: the mayor bids ${a.mayor}.`, { data: { mayor: drawn } }));
    return;
  }
  const at = a.bidders.indexOf(a.toAct);
  for (let i = 1; i <= a.bidders.length; i++) {
    const seat = a.bidders[(at + i) % a.bidders.length];
    if (seat !== a.highSeat || i === a.bidders.length) {
      a.toAct = seat;
      break;
    }
  }
}

function settle(ctx: Ctx, turn: Turn, winner: number): void {
  const s = ctx.s;
  const a = s.auction!;
  s.players[winner].hand = [...s.players[winner].hand, a.card];
  setRowSlot(s, a.row, a.slot, takeFromPile(s, a.row));
  s.auction = null;
  ctx.log.push(entry('wins', { player: who(winner), building: building(a.card), price: a.high }, `Seat ${winner} wins the ${buildingWords(a.card)} for ${a.high}.`, { data: { card: a.card, price: a.high } }));
  startPayment(ctx, turn, winner, a.high, [], 'auction');
}

// ---------- Traders ----------

export function buyHalfRefusal(s: GuildTownState, turn: Turn, action: Of<'buyHalf'>): RuleError | null {
  const p = s.players[turn.seat];
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You cannot buy now.');
  const storage = s.storehouse[action.good];
  if (!storage || storage.length === 0) return ruleError('STORE_EMPTY', 'No such half-product in the storehouse.');
  const good = STORE_GOODS[action.good];
  const b = p.town[action.building];
  if (!b || BUILDINGS[b.card].inputs[action.slot] !== good || b.slots[action.slot]) return ruleError('NO_SUCH_ICON', `Place it on a free ${good} icon of one of your buildings.`);
  if (p.supply <= 0) return ruleError('NO_CUBES', 'You have no cube left to mark it.');
  if (action.card === undefined) {
    if (!canPrivilege(s, turn)) return noPrivilege();
    if (p.market <= 0) return ruleError('NO_MARKET_MARKER', 'The privilege pays with one of your markers from the market.');
  } else if (!p.money.includes(action.card)) return ruleError('CARD_NOT_IN_HAND', 'You do not hold that money card.');
  return null;
}

export function doBuyHalf(ctx: Ctx, turn: Turn, action: Of<'buyHalf'>): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const good = STORE_GOODS[action.good];
  const seller = s.storehouse[action.good][0];
  if (action.card === undefined) {
    usePrivilege(ctx, turn);
    p.market--;
    p.supply++;
    if (seller >= 0 && seller !== turn.seat) {
      const other = s.players[seller];
      if (other.market < 3 && other.supply > 0) {
        other.market++;
        other.supply--;
      }
    }
  } else {
    p.money = p.money.filter((id) => id !== action.card);
    if (seller >= 0 && seller !== turn.seat) giveMoney(s, seller, action.card);
    else s.moneyDiscard = [...s.moneyDiscard, action.card];
  }
  s.storehouse = withItem(s.storehouse, action.good, (onShelf) => onShelf.slice(1));
  if (seller < 0) s.naturalOff++;
  else s.players[seller].supply++;
  p.supply--;
  setSlot(p, action.building, action.slot, true);
  const paid = action.card === undefined ? ' with the privilege' : seller >= 0 && seller !== turn.seat ? `, paying seat ${seller} a money card` : `, paying a ${moneyWords(action.card)}`;
  const message = `Seat ${turn.seat} buys ${good} from the storehouse${paid}.`;
  const more = { data: { good, seller } };
  const base = { player: who(turn.seat), good: goodTerm(good) };
  ctx.log.push(
    action.card === undefined
      ? entry('buyHalf.privilege', base, message, more)
      : seller >= 0 && seller !== turn.seat
        ? entry('buyHalf.seller', { ...base, seller: who(seller) }, message, more)
        : entry('buyHalf.card', { ...base, card: money(action.card) }, message, more),
  );
  if (action.card !== undefined && seller >= 0 && seller !== turn.seat) ctx.log.push(entry('moneyCardIs', { card: money(action.card) }, `The money card is a ${moneyWords(action.card)}.`, { visibleTo: [turn.seat, seller] }));
  endTurn(ctx);
}

// ---------- Town hall ----------

export function hallRefusal(s: GuildTownState, turn: Turn, choice: 'privilege' | 'work' | 'order'): RuleError | null {
  const p = s.players[turn.seat];
  if (turn.prompt.kind !== 'hall') return ruleError('WRONG_STEP', 'You are not in the town hall.');
  if (turn.prompt.done.includes(choice)) return ruleError('ALREADY_DONE', 'You have already taken that action.');
  if (choice === 'privilege') {
    if (s.privBank <= 0) return ruleError('NO_TOKENS', 'No privilege token is left in the bank.');
    if (p.privTokens >= TOKEN_LIMIT) return ruleError('TOKEN_LIMIT', 'You may hold at most 3 privilege tokens.');
  } else if (choice === 'work') {
    if (s.workBank <= 0) return ruleError('NO_TOKENS', 'No work token is left on the board.');
    if (p.workTokens >= TOKEN_LIMIT) return ruleError('TOKEN_LIMIT', 'You may hold at most 3 work tokens.');
  } else {
    if (s.seats === 2) return ruleError('NO_ORDER_CHANGE', 'With two players the order simply alternates.');
    if (s.changeOrder.includes(turn.seat)) return ruleError('ALREADY_ON_TRACK', 'Your disc is already on the changing order track.');
    if (s.changeOrder.length >= 3) return ruleError('TRACK_FULL', 'The changing order track is full.');
  }
  return null;
}

export function doHall(ctx: Ctx, turn: Turn, choice: 'privilege' | 'work' | 'order'): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  if (turn.prompt.kind !== 'hall') return;
  if (choice === 'privilege') {
    s.privBank--;
    p.privTokens++;
  } else if (choice === 'work') {
    s.workBank--;
    p.workTokens++;
  } else s.changeOrder = [...s.changeOrder, turn.seat];
  turn.prompt.done.push(choice);
  ctx.log.push(entry(`hall.${choice}`, { player: who(turn.seat) }, `Seat ${turn.seat} takes ${HALL_CHOICES[choice]} at the town hall.`));
  // Version 2 and 3 let a two-player helper take both actions; version 4 one, as with 3-5 players.
  if (s.seats > 2 || s.rules?.twoPlayerHallOneAction === true || turn.prompt.done.length >= 2) endTurn(ctx);
}

export function workTokenRefusal(s: GuildTownState, turn: Turn): RuleError | null {
  if (s.players[turn.seat].workTokens <= 0) return ruleError('NO_WORK_TOKEN', 'You have no work token.');
  if (turn.prompt.kind !== 'main' && turn.prompt.kind !== 'hall') return ruleError('WRONG_STEP', 'Finish the current step first.');
  return null;
}

export function doWorkToken(ctx: Ctx, turn: Turn): void {
  const p = ctx.s.players[turn.seat];
  p.workTokens--;
  ctx.s.workBank++;
  turn.wp++;
  ctx.log.push(entry('workToken', { player: who(turn.seat) }, `Seat ${turn.seat} spends a work token for one work point.`));
}
