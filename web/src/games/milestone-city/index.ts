import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { MilestoneCityBoard, orientationLabel } from './Board';
import { cardName, cardTerms, tileName } from './catalog';
import type { MilestoneCityView } from './view';

function describeAction(action: GameAction, view: MilestoneCityView): string {
  switch (action.type) {
    case 'choosePiece': {
      const piece = view.pieces[action.piece as number];
      return `Develop board piece ${piece?.id ?? (action.piece as number) + 1}${piece ? ` for ${piece.cost} money` : ''}`;
    }
    case 'play': {
      const terms = cardTerms(action.card as string);
      return `Play ${cardName(action.card as string)}${terms ? ` (${terms})` : ''}`;
    }
    case 'chooseTile':
      return `Take the tile ${tileName(action.tile as string)}`;
    case 'orient':
      return `Turn the tile ${orientationLabel(action.orientation as number)}`;
    case 'place':
      return `Place at column ${(action.x as number) + 1}, row ${(action.y as number) + 1}`;
    case 'cancel':
      return 'Take the card back';
    case 'exchange':
      return `Exchange ${cardName(action.card as string)} for a new card`;
    case 'endMilestone':
      return 'End the milestone';
    case 'pass':
      return 'Pass';
    default:
      return describeGeneric(action);
  }
}

/** The city's one score (everyone plays the city), part by part as `outcome` details it. */
function finalScoring(details: unknown, scores: number[]): ScoreTable | null {
  const d = details as { breakdown?: Record<string, number>; result?: string } | null;
  if (!d?.breakdown) return null;
  const parts = Object.entries(d.breakdown);
  const outcome = d.result === 'won' ? 'The city (won)' : d.result === 'bankrupt' ? 'The city (bankrupt)' : 'The city (out of cards)';
  return { columns: [...parts.map(([part]) => words(part)), 'Total'], rows: [{ label: outcome, cells: [...parts.map(([, points]) => points), scores[0] ?? 0] }] };
}

export const milestoneCityUi: GameUi<MilestoneCityView> = {
  title: 'Milestone city',
  tagline: 'Build a city together: play cards, place tiles and reach its milestones before the money runs out (cooperative, 1–4 players).',
  finalScoring,
  Board: MilestoneCityBoard,
  describeAction,
  groupLabel: (type) =>
    ({ choosePiece: 'Choose a board piece', play: 'Play a card', chooseTile: 'Choose a tile', orient: 'Turn the tile', place: 'Place the tile', exchange: 'Exchange a card', endMilestone: 'End the milestone' })[type] ??
    words(type),
};
