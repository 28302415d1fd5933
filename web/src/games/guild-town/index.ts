import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { GuildTownBoard } from './Board';
import { afterPaying, buildCostWords, buildingName, buyPriceWords, coverPoints, guildNames, moneyName, spaceName, storeGoods } from './catalog';
import type { GuildTownView } from './view';

/** Where a produced good goes, in words. */
function target(to: unknown, view: GuildTownView): string {
  const t = to as { kind: string; building?: number; slot?: number; take?: number; ship?: number; bribe?: number };
  switch (t.kind) {
    case 'market':
      return 'to the market';
    case 'slot':
      return `onto ${buildingName(t.building ?? 0)}`;
    case 'store':
      return `to the storehouse, taking ${t.take === 2 ? 'the top money card' : moneyName(view.moneyRow[t.take ?? 0] ?? -1)}`;
    case 'ship':
      return `onto ship ${(t.ship ?? 0) + 1}${t.bribe !== undefined ? ` (bribe ${moneyName(t.bribe)})` : ''}`;
    default:
      return 'lost';
  }
}

/** What the buildings raised so far this turn cost (paid together when the builder stops). */
const buildSoFar = (view: GuildTownView): number => (view.turn?.prompt.kind === 'build' ? view.turn.prompt.cost : 0);

function describeAction(action: GameAction, view: GuildTownView): string {
  const building = () => buildingName(action.building as number);
  switch (action.type) {
    case 'swap':
      return action.with === undefined ? `Swap ${buildingName(action.card as number)}` : `Swap ${buildingName(action.card as number)} for ${buildingName(action.with as number)}`;
    case 'noSwap':
      return 'Keep my cards';
    case 'send':
      return `Send a helper to the ${guildNames[action.guild as number]} (${spaceName(action.space as number, view.guilds[action.guild as number]?.spaces.length ?? 0)})${action.pay ? `, paying ${action.pay === 'card' ? moneyName(action.card as number) : coverPoints(view.year)}` : ''}`;
    case 'resign':
      return 'Keep the remaining helpers back';
    case 'done':
      return 'Done';
    case 'workToken':
      return 'Use a work token';
    case 'pay': {
      const effect = afterPaying(view, action.card as number);
      return `Pay ${moneyName(action.card as number)}${effect ? `: ${effect}` : ''}`;
    }
    case 'bankTake':
      return `Take ${moneyName(view.moneyRow[action.slot as number] ?? -1)} from the money row`;
    case 'bankDraw':
      return 'Draw a money card';
    case 'bankPrivilege':
      return "Use the bankers' privilege";
    case 'discard':
      return `Discard ${moneyName(action.card as number)}`;
    case 'raise':
      return `Raise ${buildingName(action.card as number)} on the ${action.side}${action.privilege ? ' (privilege)' : ''}: ${buildCostWords(action.card as number, buildSoFar(view))}`;
    case 'buildDone':
      return buildSoFar(view) > 0 ? `Stop building and pay ${buildSoFar(view)}` : 'Stop building';
    case 'buy':
    case 'auction': {
      const card = view.rows[action.row as 'basic'][action.slot as number];
      if (card === null || card === undefined) return `${action.type === 'buy' ? 'Buy' : 'Auction'} ${action.row} ${action.slot}`;
      return action.type === 'buy'
        ? `Buy ${buildingName(card)}: ${buyPriceWords(card, view.myMoney)}`
        : `Auction ${buildingName(card)}: you open the bidding; the winner pays the bid in any colours`;
    }
    case 'cancel':
      return 'Cancel the purchase (cards paid go back to your hand)';
    case 'bid':
      return `Bid ${action.amount}`;
    case 'fold':
      return 'Fold';
    case 'look':
      return `Look at five ${action.row} buildings`;
    case 'keep':
      return `Keep ${buildingName(action.card as number)}`;
    case 'craftPrivilege':
      return "Use the craftsmen's privilege";
    case 'produceRaw':
    case 'produceHalf':
    case 'produceFinal':
      return `Produce at ${building()} ${target(action.to, view)}`;
    case 'trade':
      return `Trade from the market onto ${building()} (input ${(action.slot as number) + 1})`;
    case 'buyHalf':
      return `Buy ${storeGoods()[action.good as number] ?? 'a good'} onto ${building()}${action.card !== undefined ? ` paying ${moneyName(action.card as number)}` : ''}`;
    case 'hall':
      return `Town hall: take a ${action.choice === 'order' ? 'better place in the order' : `${action.choice} token`}`;
    case 'invest':
      return `Invest ${(action.cards as number[]).map(moneyName).join(', ')}`;
    case 'investDone':
      return 'Stop investing';
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
    columns: [...years.map((year) => `Year ${year.year} scoring`), 'Bonus tokens', 'Money cards (tie-break)', 'Total'],
    rows: scores.map((score, seat) => {
      const final = d.final!.find((entry) => entry.seat === seat);
      return { label: null, cells: [...years.map((year) => yearPoints(year, seat)), final?.bonus ?? 0, final?.moneyCards ?? 0, score] };
    }),
  };
}

export const guildTownUi: GameUi<GuildTownView> = {
  title: 'Guild town',
  tagline: 'Send helpers to the guilds, raise buildings and ship goods over three years (2–5 players).',
  finalScoring,
  Board: GuildTownBoard,
  describeAction,
  groupLabel: (type) =>
    ({
      send: 'Send a helper',
      raise: 'Raise a building',
      produceRaw: 'Produce raw materials',
      produceHalf: 'Produce half-products',
      produceFinal: 'Produce final products',
      buyHalf: 'Buy half-products',
      bankTake: 'Take money',
      resign: 'Stop sending helpers',
    })[type] ?? words(type),
};
