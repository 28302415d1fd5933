import { ruleError, type ApplyResult, type RuleError } from '../../engine/types.js';
import type { GuildTownAction } from './actions.js';
import type { Ctx } from './flow.js';
import { endTurn } from './flow.js';
import { doProduceFinal, doProduceHalf, doProduceRaw, doTrade, doCraftPrivilege } from './rules-craft.js';
import {
  doAuction, doBankDiscard, doBankDraw, doBankPrivilege, doBankTake, doBid, doBuildDone, doBuy, doBuyHalf, doFold, doHall, doKeep, doLook, doPay, doRaise, doWorkToken,
} from './rules-guilds.js';
import { doInvest, doResign, doRoundDiscard, doSend, doSwap } from './rules-setup.js';
import { clone, type GuildTownState, type Turn } from './state.js';

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

const wrongPhase = (what: string): RuleError => ruleError('WRONG_PHASE', `You cannot ${what} now.`);

export function applyAction(state: GuildTownState, seat: number, action: GuildTownAction): ApplyResult<GuildTownState> | RuleError {
  if (state.phase === 'over') return ruleError('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(seat) || !activeSeats(state).includes(seat)) return ruleError('NOT_YOUR_TURN', 'It is not your turn.');
  const ctx: Ctx = { s: clone(state), seat, log: [], irreversible: false };
  const result = dispatch(ctx, action);
  if (result) return result;
  return { state: ctx.s, log: ctx.log, irreversible: ctx.irreversible || undefined };
}

function dispatch(ctx: Ctx, action: GuildTownAction): RuleError | void {
  const s = ctx.s;
  switch (s.phase) {
    case 'swap':
      if (action.type === 'swap' || action.type === 'noSwap') return doSwap(ctx, action);
      return wrongPhase('do that before the optional swap');
    case 'helpers':
      if (action.type === 'send') return doSend(ctx, action);
      if (action.type === 'resign') return doResign(ctx);
      return wrongPhase('do that in the helpers phase');
    case 'discard':
      if (action.type === 'discard') return doRoundDiscard(ctx, action.card);
      return wrongPhase('do that while discarding down to 8 money cards');
    case 'invest':
      if (action.type === 'invest' || action.type === 'investDone') return doInvest(ctx, action);
      return wrongPhase('do that while investing');
    case 'guilds':
      return guildAction(ctx, action);
    case 'over':
      return ruleError('GAME_OVER', 'The game is over.');
  }
}

function guildAction(ctx: Ctx, action: GuildTownAction): RuleError | void {
  const s = ctx.s;
  const turn = s.turn as Turn;
  if (s.auction) {
    if (action.type === 'bid') return doBid(ctx, turn, action.amount);
    if (action.type === 'fold') return doFold(ctx, turn);
    return wrongPhase('do that during an auction (bid or fold)');
  }
  const prompt = turn.prompt;
  const guild = turn.guild;
  const onlyIn = (g: string, what: string): RuleError | null => (guild === g ? null : ruleError('WRONG_GUILD', `You can ${what} only in the ${g} guild.`));
  switch (action.type) {
    case 'done':
      // A banker who has taken a face-up card must take the rest of the 4 (and discard): the hand limit depends on it.
      if (guild === 'bankers' && turn.bankTaken > 0) return ruleError('FINISH_BANKING', 'Take the rest of your 4 money cards first (a second face-up card, or draw).');
      if (prompt.kind === 'main' || prompt.kind === 'notaryAfter' || prompt.kind === 'hall') return endTurn(ctx);
      return ruleError('WRONG_STEP', 'Finish the current step first.');
    case 'workToken':
      return doWorkToken(ctx, turn);
    case 'pay':
      return doPay(ctx, turn, action.card);
    case 'bankTake':
      return onlyIn('bankers', 'take money') ?? doBankTake(ctx, turn, action);
    case 'bankDraw':
      if (prompt.kind !== 'main') return ruleError('WRONG_STEP', 'You are not taking money now.');
      if (turn.bankTaken === 0 && s.moneyRow.some((card) => card !== null)) return ruleError('TAKE_FACE_UP_FIRST', 'Take 1 or 2 of the face-up money cards first.');
      return onlyIn('bankers', 'draw money') ?? doBankDraw(ctx, turn);
    case 'bankPrivilege':
      return doBankPrivilege(ctx, turn);
    case 'discard':
      return doBankDiscard(ctx, turn, action.card);
    case 'raise':
      return onlyIn('builders', 'raise buildings') ?? doRaise(ctx, turn, action);
    case 'buildDone':
      return doBuildDone(ctx, turn);
    case 'buy':
      return onlyIn('notary', 'buy a building') ?? doBuy(ctx, turn, action);
    case 'auction':
      return onlyIn('notary', 'start an auction') ?? doAuction(ctx, turn, action);
    case 'look':
      return onlyIn('notary', 'look at five cards') ?? doLook(ctx, turn, action.row);
    case 'keep':
      return doKeep(ctx, turn, action.card);
    case 'buyHalf':
      return onlyIn('traders', 'buy a half-product') ?? doBuyHalf(ctx, turn, action);
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
    default:
      return wrongPhase(`use "${action.type}" in the guilds phase`);
  }
}
