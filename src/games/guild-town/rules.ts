import { ruleError, type ApplyResult, type RuleError } from '../../engine/types.js';
import type { GuildTownAction } from './actions.js';
import type { Ctx } from './flow.js';
import { endTurn } from './flow.js';
import {
  craftPrivilegeRefusal, doCraftPrivilege, doProduceFinal, doProduceHalf, doProduceRaw, doTrade, produceFinalRefusal, produceHalfRefusal, produceRawRefusal, tradeRefusal,
} from './rules-craft.js';
import {
  auctionRefusal, bankDiscardRefusal, cancelRefusal, doCancel, bankPrivilegeRefusal, bankTakeRefusal, bidRefusal, buildDoneRefusal, buyHalfRefusal, buyRefusal, doAuction, doBankDiscard,
  doBankDraw, doBankPrivilege, doBankTake, doBid, doBuildDone, doBuy, doBuyHalf, doFold, doHall, doKeep, doLook, doPay, doRaise, doWorkToken, foldRefusal,
  hallRefusal, keepRefusal, lookRefusal, payRefusal, raiseRefusal, workTokenRefusal,
} from './rules-guilds.js';
import { doInvest, doResign, doRoundDiscard, doSend, doSwap, investRefusal, roundDiscardRefusal, sendRefusal, swapRefusal } from './rules-setup.js';
import { copyState, type GuildTownState, type Turn } from './state.js';
import { entry, guild as guildTerm, who } from './log-entry.js';
import { guildWords } from './words.js';

export function activeSeats(s: GuildTownState): number[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'guilds':
      if (s.auction) return [s.auction.toAct];
      if (!s.turn) return [];
      return [s.turn.prompt.kind === 'pay' ? s.turn.prompt.seat : s.turn.seat];
    default:
      return [s.order[s.cursor]];
  }
}

/**
 * Which turn it is: the round (year, season, phase); in the guilds phase the helper whose turn it is
 * (stage and the helpers still queued), its auctions and payments being steps of that turn; in the
 * helpers phase every helper sent or pass (the cursor stays put when one player is left sending);
 * else the player at the cursor (a discard down to the limit is one turn).
 */
export function turnMark(s: GuildTownState): unknown {
  if (s.phase === 'guilds') return [s.year, s.season, s.phase, s.stage, s.queue.length];
  if (s.phase === 'helpers') return [s.year, s.season, s.phase, s.cursor, s.players.map((p) => [p.helpers, p.passed])];
  return [s.year, s.season, s.phase, s.cursor];
}

const wrongPhase = (what: string): RuleError => ruleError('WRONG_PHASE', `You cannot ${what} now.`);

export function applyAction(state: GuildTownState, seat: number, action: GuildTownAction): ApplyResult<GuildTownState> | RuleError {
  const refused = refusal(state, seat, action);
  if (refused) return refused;
  const ctx: Ctx = { s: copyState(state), seat, log: [], irreversible: false };
  run(ctx, action);
  return { state: ctx.s, log: ctx.log, irreversible: ctx.irreversible || undefined };
}

/**
 * Why the rules refuse `seat`'s action now, or null when they accept it. Reads the state only:
 * `apply` asks it before copying the state, legalActions asks it for every candidate.
 */
export function refusal(s: GuildTownState, seat: number, action: GuildTownAction): RuleError | null {
  if (s.phase === 'over') return ruleError('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(seat) || !activeSeats(s).includes(seat)) return ruleError('NOT_YOUR_TURN', 'It is not your turn.');
  return actionRefusal(s, seat, action);
}

/** The rules of the action itself, for a seat that is to act now. */
export function actionRefusal(s: GuildTownState, seat: number, action: GuildTownAction): RuleError | null {
  switch (s.phase) {
    case 'over':
      return ruleError('GAME_OVER', 'The game is over.');
    case 'swap':
      if (action.type === 'swap') return swapRefusal(s, seat, action);
      if (action.type === 'noSwap') return null;
      return wrongPhase('do that before the optional swap');
    case 'helpers':
      if (action.type === 'send') return sendRefusal(s, seat, action);
      if (action.type === 'resign') return null;
      return wrongPhase('do that in the helpers phase');
    case 'discard':
      if (action.type === 'discard') return roundDiscardRefusal(s, seat, action.card);
      return wrongPhase('do that while discarding down to 8 money cards');
    case 'invest':
      if (action.type === 'invest') return investRefusal(s, seat, action);
      if (action.type === 'investDone') return null;
      return wrongPhase('do that while investing');
    case 'guilds':
      return guildRefusal(s, seat, action);
  }
}

/** A refusal unless the turn is in guild `g` (a module function: a closure per call is a cost on the search's hot path). */
function onlyIn(guild: string | null, g: string, what: string): RuleError | null {
  return guild === g ? null : ruleError('WRONG_GUILD', `You can ${what} only in the ${g} guild.`);
}

function guildRefusal(s: GuildTownState, seat: number, action: GuildTownAction): RuleError | null {
  const turn = s.turn as Turn;
  if (s.auction) {
    if (action.type === 'bid') return bidRefusal(s, seat, action.amount);
    if (action.type === 'fold') return foldRefusal(s);
    return wrongPhase('do that during an auction (bid or fold)');
  }
  const prompt = turn.prompt;
  const guild = turn.guild;
  switch (action.type) {
    case 'done':
      // A banker who has taken a face-up card must take the rest of the 4 (and discard): the hand limit depends on it.
      if (guild === 'bankers' && turn.bankTaken > 0) return ruleError('FINISH_BANKING', 'Take the rest of your 4 money cards first (a second face-up card, or draw).');
      if (prompt.kind === 'main' || prompt.kind === 'notaryAfter' || prompt.kind === 'hall') return null;
      return ruleError('WRONG_STEP', 'Finish the current step first.');
    case 'workToken':
      return workTokenRefusal(s, turn);
    case 'pay':
      return payRefusal(s, turn, action.card);
    case 'cancel':
      return cancelRefusal(s, turn);
    case 'bankTake':
      return onlyIn(guild, 'bankers', 'take money') ?? bankTakeRefusal(s, turn, action);
    case 'bankDraw':
      if (prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You are not taking money now.');
      if (turn.bankTaken === 0 && s.moneyRow.some((card) => card !== null)) return ruleError('TAKE_FACE_UP_FIRST', 'Take 1 or 2 of the face-up money cards first.');
      return onlyIn(guild, 'bankers', 'draw money');
    case 'bankPrivilege':
      return bankPrivilegeRefusal(s, turn);
    case 'discard':
      return bankDiscardRefusal(s, turn, action.card);
    case 'raise':
      return onlyIn(guild, 'builders', 'raise buildings') ?? raiseRefusal(s, turn, action);
    case 'buildDone':
      return buildDoneRefusal(turn);
    case 'buy':
      return onlyIn(guild, 'notary', 'buy a building') ?? buyRefusal(s, turn, action);
    case 'auction':
      return onlyIn(guild, 'notary', 'start an auction') ?? auctionRefusal(s, turn, action);
    case 'look':
      return onlyIn(guild, 'notary', 'look at five cards') ?? lookRefusal(s, turn, action.row);
    case 'keep':
      return keepRefusal(turn, action.card);
    case 'buyHalf':
      return onlyIn(guild, 'traders', 'buy a half-product') ?? buyHalfRefusal(s, turn, action);
    case 'hall':
      return hallRefusal(s, turn, action.choice);
    case 'craftPrivilege':
      return craftPrivilegeRefusal(s, turn);
    case 'produceRaw':
      return produceRawRefusal(s, turn, action);
    case 'trade':
      return tradeRefusal(s, turn, action);
    case 'produceHalf':
      return produceHalfRefusal(s, turn, action);
    case 'produceFinal':
      return produceFinalRefusal(s, turn, action);
    default:
      return wrongPhase(`use "${action.type}" in the guilds phase`);
  }
}

/** Carry out an action `refusal` accepted, on the copy in `ctx`. */
function run(ctx: Ctx, action: GuildTownAction): void {
  const s = ctx.s;
  switch (s.phase) {
    case 'swap':
      return doSwap(ctx, action as Parameters<typeof doSwap>[1]);
    case 'helpers':
      return action.type === 'send' ? doSend(ctx, action) : doResign(ctx);
    case 'discard':
      return doRoundDiscard(ctx, (action as Extract<GuildTownAction, { type: 'discard' }>).card);
    case 'invest':
      return doInvest(ctx, action as Parameters<typeof doInvest>[1]);
    case 'guilds':
      return runGuildAction(ctx, action);
  }
}

function runGuildAction(ctx: Ctx, action: GuildTownAction): void {
  const turn = ctx.s.turn as Turn;
  switch (action.type) {
    case 'bid':
      return doBid(ctx, turn, action.amount);
    case 'fold':
      return doFold(ctx, turn);
    case 'done':
      ctx.log.push(entry('endTurn', { player: who(turn.seat), guild: guildTerm(turn.guild) }, `Seat ${turn.seat} ends their turn at the ${guildWords(turn.guild)}.`));
      return endTurn(ctx);
    case 'workToken':
      return doWorkToken(ctx, turn);
    case 'pay':
      return doPay(ctx, turn, action.card);
    case 'cancel':
      return doCancel(ctx, turn);
    case 'bankTake':
      return doBankTake(ctx, turn, action);
    case 'bankDraw':
      return doBankDraw(ctx, turn);
    case 'bankPrivilege':
      return doBankPrivilege(ctx, turn);
    case 'discard':
      return doBankDiscard(ctx, turn, action.card);
    case 'raise':
      return doRaise(ctx, turn, action);
    case 'buildDone':
      return doBuildDone(ctx, turn);
    case 'buy':
      return doBuy(ctx, turn, action);
    case 'auction':
      return doAuction(ctx, turn, action);
    case 'look':
      return doLook(ctx, turn, action.row);
    case 'keep':
      return doKeep(ctx, turn, action.card);
    case 'buyHalf':
      return doBuyHalf(ctx, turn, action);
    case 'hall':
      return doHall(ctx, turn, action.choice);
    case 'craftPrivilege':
      return doCraftPrivilege(ctx, turn);
    case 'produceRaw':
      return doProduceRaw(ctx, turn, action);
    case 'trade':
      return doTrade(ctx, turn, action);
    case 'produceHalf':
      return doProduceHalf(ctx, turn, action);
    case 'produceFinal':
      return doProduceFinal(ctx, turn, action);
  }
}
