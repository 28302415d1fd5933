import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi } from '../types';
import { ConstructionYardBoard } from './Board';
import type { CYView } from './view';

function describeAction(action: GameAction, view: CYView): string {
  switch (action.type) {
    case 'takeMoney': {
      const cards = (action.slots as number[]).map((slot) => view.moneyDisplay[slot]).filter((card) => card !== undefined);
      return `Take ${cards.map((card) => `${card.currency} ${card.value}`).join(' + ')}`;
    }
    case 'buy': {
      const position = view.yard[action.slot as number];
      const what = position?.building ? `the ${position.building.type} (${position.building.price}) with ${position.currency} money` : `position ${action.slot}`;
      return `Buy ${what}${action.toNeutral ? ' for the neutral collector' : ''}`;
    }
    case 'pay':
      return `Pay a ${view.pending?.currency ?? ''} ${action.value}`.replace('  ', ' ');
    case 'cancel':
      return 'Cancel the purchase (cards back to hand)';
    case 'pass':
      return 'Pass';
    default:
      return describeGeneric(action);
  }
}

export const constructionYardUi: GameUi<CYView> = {
  Board: ConstructionYardBoard,
  describeAction,
  groupLabel: (type) => ({ takeMoney: 'Take money', buy: 'Buy a building', pay: 'Pay', cancel: 'Cancel', pass: 'Pass' })[type] ?? words(type),
};
