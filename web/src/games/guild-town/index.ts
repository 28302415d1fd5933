import { t } from '../../i18n';
import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { GuildTownBoard } from './Board';
import { afterPaying, buildCostWords, buildingName, buyPriceWords, coverPoints, goodName, guildNames, moneyName, spaceName, storeGoods, term, tierName } from './catalog';
import type { GuildTownView } from './view';

/** A produce button: the building, and where its good goes (one message per destination). */
function produceWords(action: GameAction, view: GuildTownView): string {
  const building = buildingName(action.building as number);
  const to = action.to as { kind: string; building?: number; take?: number; ship?: number; bribe?: number };
  switch (to.kind) {
    case 'market':
      return t('guild-town.action.produce.market', { building });
    case 'slot':
      return t('guild-town.action.produce.slot', { building, target: buildingName(to.building ?? 0) });
    case 'store':
      return to.take === 2 ? t('guild-town.action.produce.storeTop', { building }) : t('guild-town.action.produce.store', { building, card: moneyName(view.moneyRow[to.take ?? 0] ?? -1) });
    case 'ship':
      return to.bribe !== undefined
        ? t('guild-town.action.produce.shipBribe', { building, ship: (to.ship ?? 0) + 1, card: moneyName(to.bribe) })
        : t('guild-town.action.produce.ship', { building, ship: (to.ship ?? 0) + 1 });
    default:
      return t('guild-town.action.produce.lost', { building });
  }
}

/** What the buildings raised so far this turn cost (paid together when the builder stops). */
const buildSoFar = (view: GuildTownView): number => (view.turn?.prompt.kind === 'build' ? view.turn.prompt.cost : 0);

function describeAction(action: GameAction, view: GuildTownView): string {
  switch (action.type) {
    case 'swap':
      return action.with === undefined
        ? t('guild-town.action.swap', { building: buildingName(action.card as number) })
        : t('guild-town.action.swapFor', { building: buildingName(action.card as number), other: buildingName(action.with as number) });
    case 'noSwap':
      return t('guild-town.action.noSwap');
    case 'send': {
      const guild = guildNames(action.guild as number);
      const space = spaceName(action.space as number, view.guilds[action.guild as number]?.spaces.length ?? 0);
      if (action.pay === 'card') return t('guild-town.action.sendPay', { guild, space, payment: moneyName(action.card as number) });
      if (action.pay === 'points') return t('guild-town.action.sendPay', { guild, space, payment: coverPoints(view.year) });
      return t('guild-town.action.send', { guild, space });
    }
    case 'resign':
      return t('guild-town.action.resign');
    case 'done':
      return t('guild-town.action.done');
    case 'workToken':
      return t('guild-town.action.workToken');
    case 'pay': {
      const effect = afterPaying(view, action.card as number);
      const card = moneyName(action.card as number);
      return effect ? t('guild-town.action.payEffect', { card, effect }) : t('guild-town.action.pay', { card });
    }
    case 'bankTake':
      return t('guild-town.action.bankTake', { card: moneyName(view.moneyRow[action.slot as number] ?? -1) });
    case 'bankDraw':
      return t('guild-town.action.bankDraw');
    case 'bankPrivilege':
      return t('guild-town.action.bankPrivilege');
    case 'discard':
      return t('guild-town.action.discard', { card: moneyName(action.card as number) });
    case 'raise': {
      const args = { building: buildingName(action.card as number), side: term(`side.${action.side as string}`), cost: buildCostWords(action.card as number, buildSoFar(view)) };
      return action.privilege ? t('guild-town.action.raisePrivilege', args) : t('guild-town.action.raise', args);
    }
    case 'buildDone':
      return buildSoFar(view) > 0 ? t('guild-town.action.buildDonePay', { cost: buildSoFar(view) }) : t('guild-town.action.buildDone');
    case 'buy':
    case 'auction': {
      const card = view.rows[action.row as 'basic'][action.slot as number];
      if (card === null || card === undefined) {
        const args = { tier: tierName(action.row as string), slot: (action.slot as number) + 1 };
        return action.type === 'buy' ? t('guild-town.action.buySlot', args) : t('guild-town.action.auctionSlot', args);
      }
      return action.type === 'buy'
        ? t('guild-town.action.buy', { building: buildingName(card), price: buyPriceWords(card, view.myMoney) })
        : t('guild-town.action.auction', { building: buildingName(card) });
    }
    case 'cancel':
      return t('guild-town.action.cancel');
    case 'bid':
      return t('guild-town.action.bid', { amount: action.amount as number });
    case 'fold':
      return t('guild-town.action.fold');
    case 'look':
      return t('guild-town.action.look', { tier: tierName(action.row as string) });
    case 'keep':
      return t('guild-town.action.keep', { building: buildingName(action.card as number) });
    case 'craftPrivilege':
      return t('guild-town.action.craftPrivilege');
    case 'produceRaw':
    case 'produceHalf':
    case 'produceFinal':
      return produceWords(action, view);
    case 'trade':
      return t('guild-town.action.trade', { building: buildingName(action.building as number), input: (action.slot as number) + 1 });
    case 'buyHalf': {
      const args = { good: goodName(storeGoods()[action.good as number] ?? 'barrel'), building: buildingName(action.building as number) };
      return action.card !== undefined ? t('guild-town.action.buyHalfPay', { ...args, card: moneyName(action.card as number) }) : t('guild-town.action.buyHalf', args);
    }
    case 'hall':
      return t(`guild-town.action.hall.${action.choice as 'order'}`);
    case 'invest':
      return t('guild-town.action.invest', { cards: (action.cards as number[]).map(moneyName).join(', ') });
    case 'investDone':
      return t('guild-town.action.investDone');
    default:
      return describeGeneric(action);
  }
}

/**
 * Points of each year's scoring (ships, colour sets, storehouse, investments), the bonus tokens and
 * the total; money cards break ties (details of `outcome`).
 */
function finalScoring(details: unknown, scores: number[]): ScoreTable | null {
  const d = details as { final?: { seat: number; bonus: number; moneyCards: number }[]; years?: { year: number; ships: number[]; colours: number[]; storehouse: number[]; invest: number[] }[] } | null;
  if (!d?.final) return null;
  const years = d.years ?? [];
  const yearPoints = (year: (typeof years)[number], seat: number) => (year.ships[seat] ?? 0) + (year.colours[seat] ?? 0) + (year.storehouse[seat] ?? 0) + (year.invest[seat] ?? 0);
  return {
    columns: [...years.map((year) => t('guild-town.score.year', { year: year.year })), t('guild-town.score.bonus'), t('guild-town.score.moneyCards'), t('guild-town.score.total')],
    rows: scores.map((score, seat) => {
      const final = d.final!.find((entry) => entry.seat === seat);
      return { label: null, cells: [...years.map((year) => yearPoints(year, seat)), final?.bonus ?? 0, final?.moneyCards ?? 0, score] };
    }),
  };
}

export const guildTownUi: GameUi<GuildTownView> = {
  title: t('guild-town.title'),
  tagline: t('guild-town.tagline'),
  finalScoring,
  Board: GuildTownBoard,
  describeAction,
  groupLabel: (type) => {
    const key = `guild-town.group.${type}`;
    return key in GROUPS ? t(key as never) : words(type);
  },
};

/** The action types with a group label in the catalog. */
const GROUPS: Record<string, true> = Object.fromEntries(
  ['swap', 'noSwap', 'send', 'resign', 'done', 'workToken', 'pay', 'bankTake', 'bankDraw', 'bankPrivilege', 'discard', 'raise', 'buildDone', 'buy', 'auction', 'cancel', 'bid', 'fold', 'look', 'keep', 'craftPrivilege', 'produceRaw', 'produceHalf', 'produceFinal', 'trade', 'buyHalf', 'hall', 'invest', 'investDone'].map(
    (type) => [`guild-town.group.${type}`, true],
  ),
);
