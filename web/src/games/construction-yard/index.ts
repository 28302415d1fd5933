import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { ConstructionYardBoard } from './Board';
import { cyCatalog } from './catalog';
import { buyWords, payWords } from './terms';
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
      return `Take ${cards.map((card) => `${card.currency} ${card.value}`).join(' + ')}`;
    }
    case 'buy': {
      const position = view.yard[action.slot as number];
      if (!position?.building) return `Buy at position ${(action.slot as number) + 1}`;
      return buyWords(cyCatalog(), position.building, position.currency, action.toNeutral === true);
    }
    case 'pay':
      return payWords(cyCatalog(), view.pending?.currency ?? '', action.value as number, owedNow(view), view.actionsThisTurn);
    case 'cancel':
      return 'Cancel the purchase (cards back to hand)';
    case 'pass':
      return 'Pass';
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
  if (d.neutralScore !== null && d.neutralScore !== undefined) rows.push({ label: 'Neutral collector', cells: [...rounds(scores.length), '', d.neutralScore] });
  return { columns: [...d.scorings.map((scoring) => `Scoring ${scoring.round}`), 'Buildings', 'Total'], rows };
}

export const constructionYardUi: GameUi<CYView> = {
  title: 'Construction yard',
  tagline: 'Collect money in four currencies and buy the buildings that score the most (2–6 players).',
  finalScoring,
  Board: ConstructionYardBoard,
  describeAction,
  groupLabel: (type) =>
    ({
      takeMoney: cyCatalog() ? `Take money: one card, or several worth at most ${cyCatalog()!.takeLimit} (ends your turn)` : 'Take money (ends your turn)',
      buy: 'Buy a building',
      pay: 'Pay',
      cancel: 'Cancel',
      pass: 'Pass',
    })[type] ?? words(type),
};
