import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { ConstructionYardBoard } from './Board';
import { cyCatalog } from './catalog';
import { buyWords, cyWords, moneyName, payWords } from './terms';
import type { CYView } from './view';

/** While a purchase is being paid: its price less the cards paid so far. */
export function owedNow(view: CYView): number | null {
  const pending = view.pending;
  if (!pending) return null;
  return Math.max(0, pending.building.price - pending.total);
}

function describeAction(action: GameAction, view: CYView): string {
  switch (action.type) {
    case 'takeMoney': {
      const cards = (action.slots as number[]).map((slot) => view.moneyDisplay[slot]).filter((card) => card !== undefined);
      return cyWords('action.take', { money: cards.map(moneyName).join(' + ') });
    }
    case 'buy': {
      const position = view.yard[action.slot as number];
      if (!position?.building) return cyWords('action.buyAt', { position: (action.slot as number) + 1 });
      return buyWords(cyCatalog(), position.building, position.currency, action.toNeutral === true);
    }
    case 'pay':
      return payWords(cyCatalog(), view.pending?.currency ?? '', action.value as number, owedNow(view), view.actionsThisTurn);
    case 'cancel':
      return cyWords('action.cancel');
    case 'pass':
      return cyWords('action.pass');
    default:
      return describeGeneric(action);
  }
}

/** Points of each scoring round per seat, the number of buildings, the total (details of `outcome`). */
function finalScoring(details: unknown, scores: number[]): ScoreTable | null {
  const d = details as { scorings?: { round: string; points: number[] }[]; buildings?: number[]; neutralScore?: number | null } | null;
  if (!d?.scorings) return null;
  const rounds = (collector: number) => d.scorings!.map((scoring) => scoring.points[collector] ?? 0);
  const rows: ScoreTable['rows'] = scores.map((score, seat) => ({ label: null, cells: [...rounds(seat), d.buildings?.[seat] ?? 0, score] }));
  if (d.neutralScore !== null && d.neutralScore !== undefined) rows.push({ label: cyWords('board.neutralCollector'), cells: [...rounds(scores.length), '', d.neutralScore] });
  return { columns: [...d.scorings.map((scoring) => cyWords('board.column.scoring', { round: scoring.round })), cyWords('board.column.buildings'), cyWords('board.column.total')], rows };
}

export const constructionYardUi: GameUi<CYView> = {
  title: cyWords('title'),
  tagline: cyWords('tagline'),
  finalScoring,
  Board: ConstructionYardBoard,
  describeAction,
  groupLabel: (type) =>
    ({
      takeMoney: cyCatalog() ? cyWords('action.group.takeMoney', { limit: cyCatalog()!.takeLimit }) : cyWords('action.group.takeMoneyPlain'),
      buy: cyWords('action.group.buy'),
      pay: cyWords('action.group.pay'),
      cancel: cyWords('action.group.cancel'),
      pass: cyWords('action.group.pass'),
    })[type] ?? words(type),
};
