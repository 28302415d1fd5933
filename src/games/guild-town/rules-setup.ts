import { ruleError, type RuleError } from '../../engine/types.js';
import type { GuildTownAction } from './actions.js';
import { BUILDINGS, COVER_POINTS_PER_YEAR, GUILD_CAPACITY, GUILDS, MONEY, TRACK_SPACES } from './data.js';
import { advanceDiscard, advanceHelpers, advanceInvest, canInvest, startRound, type Ctx } from './flow.js';
import { discardMoney, drawMoney, giveMoney } from './money.js';
import { withItem, type GuildTownState } from './state.js';
import { building, entry, guild as guildTerm, money, spaceTerm, tier as tierTerm, who } from './log-entry.js';
import { buildingWords, guildWords, moneyWords, spaceWords } from './words.js';

type Of<T extends GuildTownAction['type']> = Extract<GuildTownAction, { type: T }>;

/** The one optional building-card swap before play, in player order. */
/** Why the rules refuse `seat`'s swap (null: accepted); changes nothing. */
export function swapRefusal(s: GuildTownState, seat: number, action: Of<'swap'>): RuleError | null {
  const p = s.players[seat];
  const card = BUILDINGS[action.card];
  if (!card) return ruleError('NO_SUCH_CARD', 'There is no such building card.');
  if (card.tier === 'lumber') {
    if (!p.town.some((r) => r.card === action.card)) return ruleError('CARD_NOT_YOURS', 'That lumber mill is not yours.');
    if (action.with === undefined || !s.lumberBox.includes(action.with)) return ruleError('NO_SUCH_MILL', 'Choose a lumber mill from the box.');
    return null;
  }
  if (action.with !== undefined) return ruleError('SWAP_FROM_PILE', 'A basic or expanded card is replaced from the top of its pile.');
  if (!p.hand.includes(action.card)) return ruleError('CARD_NOT_IN_HAND', 'You do not hold that building card.');
  if (card.tier !== 'basic' && card.tier !== 'expanded') return ruleError('SWAP_TIER', 'Only a lumber mill, basic or expanded card may be swapped.');
  if (s.piles[card.tier].length === 0) return ruleError('PILE_EMPTY', 'That pile is empty.');
  return null;
}

export function doSwap(ctx: Ctx, action: Of<'swap'> | Of<'noSwap'>): void {
  const s = ctx.s;
  const p = s.players[ctx.seat];
  if (action.type === 'swap') {
    const card = BUILDINGS[action.card];
    if (card.tier === 'lumber') {
      const at = p.town.findIndex((r) => r.card === action.card);
      p.town = withItem(p.town, at, () => ({ card: action.with!, slots: [] }));
      s.lumberBox = [...s.lumberBox.filter((id) => id !== action.with), action.card];
      ctx.log.push(entry('swapMill', { player: who(ctx.seat), building: building(action.card), other: building(action.with!) }, `Seat ${ctx.seat} swaps the ${buildingWords(action.card)} for the ${buildingWords(action.with!)}.`));
    } else {
      const tier = card.tier as 'basic' | 'expanded';
      const fresh = s.piles[tier][0];
      s.piles = { ...s.piles, [tier]: [...s.piles[tier].slice(1), action.card] };
      p.hand = [...p.hand.filter((id) => id !== action.card), fresh];
      ctx.irreversible = true;
      // Hands are hidden: the others learn only the pile.
      ctx.log.push(entry('swapCard', { player: who(ctx.seat), tier: tierTerm(card.tier) }, `Seat ${ctx.seat} swaps a ${card.tier} building card for the top of the ${card.tier} pile.`));
      ctx.log.push(entry('swapCardYou', { building: building(action.card), drawn: building(fresh) }, `You swap the ${buildingWords(action.card)} and draw the ${buildingWords(fresh)}.`, { visibleTo: [ctx.seat] }));
    }
  } else ctx.log.push(entry('keepCards', { player: who(ctx.seat) }, `Seat ${ctx.seat} keeps the starting cards.`));
  s.cursor++;
  if (s.cursor >= s.seats) startRound(ctx);
}

/** Why the rules refuse `seat`'s helper (null: accepted): first free space, or stacking on a disc of a full track. */
export function sendRefusal(s: GuildTownState, seat: number, action: Of<'send'>): RuleError | null {
  const p = s.players[seat];
  if (p.helpers <= 0) return ruleError('NO_HELPERS', 'You have no helper left to send.');
  const track = s.guilds[action.guild];
  if (!track) return ruleError('NO_SUCH_GUILD', 'There is no such guild.');
  const own = track.reduce((n, stack) => n + stack.filter((h) => h.seat === seat).length, 0);
  const total = track.reduce((n, stack) => n + stack.length, 0);
  if (own >= 2) return ruleError('TWO_HELPERS_PER_GUILD', 'You may not have more than two helpers in one guild.');
  if (total >= GUILD_CAPACITY[s.seats]) return ruleError('GUILD_FULL', 'This guild holds no more helpers.');
  if (action.space >= TRACK_SPACES[s.seats]) return ruleError('NO_SUCH_SPACE', 'That space is not in play.');
  const firstFree = track.findIndex((stack) => stack.length === 0);
  const payKind = action.pay;
  if (firstFree >= 0) {
    if (action.space !== firstFree) return ruleError('FIRST_FREE_SPACE', 'A helper goes on the first free space of the track.');
    if (payKind !== undefined || action.card !== undefined) return ruleError('NO_PAYMENT', 'A free space costs nothing.');
    return null;
  }
  const stack = track[action.space];
  if (stack.length !== 1) return ruleError('STACK_FULL', 'Only one helper may be placed on another.');
  if (coversFree(s, seat, action.space, stack[0].seat)) {
    if (payKind !== undefined || action.card !== undefined) return ruleError('NO_PAYMENT', 'Nothing is paid for this space.');
  } else if (payKind === 'card') {
    if (action.card === undefined || !p.money.includes(action.card)) return ruleError('CARD_NOT_IN_HAND', 'Pay with a money card from your hand.');
  } else if (payKind === 'points') {
    if (action.card !== undefined) return ruleError('NO_CARD_WITH_POINTS', 'Paying with points needs no card.');
    if (p.points < coverPoints(s)) return ruleError('NOT_ENOUGH_POINTS', `You need ${coverPoints(s)} appreciation points to pay.`);
  } else return ruleError('PAYMENT_REQUIRED', 'Covering another player\'s helper costs a money card or points.');
  return null;
}

/** Points that pay for covering another player's helper this year. */
export const coverPoints = (s: GuildTownState): number => COVER_POINTS_PER_YEAR * s.year;

/** Covering `owner`'s disc on `space` costs nothing: one's own disc, two players, or the last space. */
function coversFree(s: GuildTownState, seat: number, space: number, owner: number): boolean {
  return owner === seat || s.seats === 2 || space === TRACK_SPACES[s.seats] - 1;
}

export function doSend(ctx: Ctx, action: Of<'send'>): void {
  const s = ctx.s;
  const p = s.players[ctx.seat];
  const track = s.guilds[action.guild];
  const stack = track[action.space];
  if (track.some((other) => other.length === 0)) {
    // The first free space: nothing to pay.
  } else if (coversFree(s, ctx.seat, action.space, stack[0].seat)) {
    const owner = stack[0].seat;
    if (s.seats === 2 && owner !== ctx.seat) {
      const card = drawMoney(s);
      ctx.irreversible = true;
      if (card !== null) {
        giveMoney(s, owner, card);
        ctx.log.push(entry('coveredDraws', { player: who(owner) }, `Seat ${owner} is covered and draws a money card.`));
        ctx.log.push(entry('youDraw', { card: money(card) }, `You draw a ${moneyWords(card)}.`, { visibleTo: [owner] }));
      }
    }
  } else if (action.pay === 'card') {
    const owner = stack[0].seat;
    p.money = p.money.filter((id) => id !== action.card);
    giveMoney(s, owner, action.card!);
    ctx.log.push(entry('payCardForSpace', { player: who(ctx.seat), owner: who(owner) }, `Seat ${ctx.seat} pays seat ${owner} a money card for the space.`));
    ctx.log.push(entry('moneyCardIs', { card: money(action.card!) }, `The money card is a ${moneyWords(action.card!)}.`, { visibleTo: [ctx.seat, owner] }));
  } else {
    const owner = stack[0].seat;
    p.points -= coverPoints(s);
    s.players[owner].points += coverPoints(s);
    ctx.log.push(entry('payPointsForSpace', { player: who(ctx.seat), owner: who(owner), points: coverPoints(s) }, `Seat ${ctx.seat} pays seat ${owner} ${coverPoints(s)} points for the space.`));
  }
  s.guilds = withItem(s.guilds, action.guild, (guild) => withItem(guild, action.space, (onSpace) => [...onSpace, { seat: ctx.seat, priv: false }]));
  p.helpers--;
  ctx.log.push(
    entry('send', { player: who(ctx.seat), guild: guildTerm(GUILDS[action.guild]!), space: spaceTerm(action.space, s.seats) }, `Seat ${ctx.seat} sends a helper to the ${guildWords(GUILDS[action.guild]!)} (${spaceWords(action.space, s.seats)}).`),
  );
  advanceHelpers(ctx);
}

export function doResign(ctx: Ctx): void {
  ctx.s.players[ctx.seat].passed = true;
  ctx.log.push(entry('sendNoMore', { player: who(ctx.seat) }, `Seat ${ctx.seat} sends no more helpers.`));
  advanceHelpers(ctx);
}

/** End-of-round discard down to 8 money cards. */
export function roundDiscardRefusal(s: GuildTownState, seat: number, card: number): RuleError | null {
  return s.players[seat].money.includes(card) ? null : ruleError('CARD_NOT_IN_HAND', 'You do not hold that money card.');
}

export function doRoundDiscard(ctx: Ctx, card: number): void {
  discardMoney(ctx.s, ctx.seat, card);
  ctx.log.push(entry('discardToLimit', { player: who(ctx.seat), card: money(card) }, `Seat ${ctx.seat} discards a ${moneyWords(card)} down to the limit.`, { data: { card } }));
  advanceDiscard(ctx);
}

/** Invest four money cards of four different colours for their printed value. */
export function investRefusal(s: GuildTownState, seat: number, action: Of<'invest'>): RuleError | null {
  const p = s.players[seat];
  const cards = action.cards;
  if (new Set(cards).size !== 4 || !cards.every((id) => p.money.includes(id))) return ruleError('CARD_NOT_IN_HAND', 'Invest four money cards from your hand.');
  if (new Set(cards.map((id) => MONEY[id].colour)).size !== 4) return ruleError('FOUR_COLOURS', 'The four cards must be of four different colours.');
  return null;
}

export function doInvest(ctx: Ctx, action: Of<'invest'> | Of<'investDone'>): void {
  const s = ctx.s;
  if (action.type === 'invest') {
    const p = s.players[ctx.seat];
    const cards = action.cards;
    const value = investValue(cards);
    for (const id of cards) discardMoney(s, ctx.seat, id);
    p.points += value;
    const year = s.yearScores[s.yearScores.length - 1];
    if (year) s.yearScores = withItem(s.yearScores, s.yearScores.length - 1, () => ({ ...year, invest: withItem(year.invest, ctx.seat, (sum) => sum + value) }));
    ctx.log.push(entry('invest', { player: who(ctx.seat), cards: cards.map(money), points: value }, `Seat ${ctx.seat} invests ${cards.map(moneyWords).join(', ')} for ${value} points.`, { data: { cards } }));
    if (canInvest(s, ctx.seat)) return;
  } else ctx.log.push(entry('investDone', { player: who(ctx.seat) }, `Seat ${ctx.seat} invests no more.`));
  advanceInvest(ctx);
}

/** An investment is worth the printed values of its four cards. */
export function investValue(cards: readonly number[]): number {
  return cards.reduce((sum, id) => sum + MONEY[id].value, 0);
}
