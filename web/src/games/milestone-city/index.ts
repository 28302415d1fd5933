import { t } from '../../i18n';
import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { MilestoneCityBoard, orientationLabel } from './Board';
import { cardName, cardTerms, tileName } from './catalog';
import type { MilestoneCityView } from './view';

function describeAction(action: GameAction, view: MilestoneCityView): string {
  switch (action.type) {
    case 'choosePiece': {
      const piece = view.pieces[action.piece as number];
      return piece ? t('milestone-city.action.choosePiece', { piece: piece.id, cost: piece.cost }) : t('milestone-city.action.choosePieceBare', { piece: (action.piece as number) + 1 });
    }
    case 'play': {
      const terms = cardTerms(action.card as string);
      return terms ? t('milestone-city.action.playTerms', { card: cardName(action.card as string), terms }) : t('milestone-city.action.play', { card: cardName(action.card as string) });
    }
    case 'chooseTile':
      return t('milestone-city.action.chooseTile', { tile: tileName(action.tile as string) });
    case 'orient':
      return t('milestone-city.action.orient', { orientation: orientationLabel(action.orientation as number) });
    case 'place':
      return t('milestone-city.action.place', { x: (action.x as number) + 1, y: (action.y as number) + 1 });
    case 'cancel':
      return t('milestone-city.action.cancel');
    case 'exchange':
      return t('milestone-city.action.exchange', { card: cardName(action.card as string) });
    case 'endMilestone':
      return t('milestone-city.action.endMilestone');
    case 'pass':
      return t('milestone-city.action.pass');
    default:
      return describeGeneric(action);
  }
}

/** The parts of the city's score the catalog names (`score.<part>`). */
const SCORE_PARTS = ['milestones', 'victory', 'zones', 'happiness', 'money'];

/** The city's one score (everyone plays the city), part by part as `outcome` details it. */
function finalScoring(details: unknown, scores: number[]): ScoreTable | null {
  const d = details as { breakdown?: Record<string, number>; result?: string } | null;
  if (!d?.breakdown) return null;
  const parts = Object.entries(d.breakdown);
  const outcome = t(d.result === 'won' ? 'milestone-city.score.won' : d.result === 'bankrupt' ? 'milestone-city.score.bankrupt' : 'milestone-city.score.outOfCards');
  const column = (part: string) => (SCORE_PARTS.includes(part) ? t(`milestone-city.score.${part}` as never) : words(part));
  return { columns: [...parts.map(([part]) => column(part)), t('milestone-city.score.total')], rows: [{ label: outcome, cells: [...parts.map(([, points]) => points), scores[0] ?? 0] }] };
}

export const milestoneCityUi: GameUi<MilestoneCityView> = {
  title: t('milestone-city.title'),
  tagline: t('milestone-city.tagline'),
  finalScoring,
  Board: MilestoneCityBoard,
  describeAction,
  groupLabel: (type) => (GROUPS.includes(type) ? t(`milestone-city.group.${type}` as never) : words(type)),
};

/** The action types with a group label in the catalog. */
const GROUPS = ['choosePiece', 'play', 'chooseTile', 'orient', 'place', 'cancel', 'exchange', 'endMilestone', 'pass'];
