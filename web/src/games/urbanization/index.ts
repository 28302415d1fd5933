import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { UrbanizationBoard } from './Board';
import { buildingTerms, factoryName, factoryTerms, grainPrice, inventionName } from './catalog';
import type { UrbanizationView } from './view';

const territory = (action: GameAction) => `territory ${action.territory}`;

/** What each character does when played (docs/games/urbanization.md), for the hire buttons. */
const CHARACTER_EFFECTS: Record<string, string> = {
  architect: '$1 off every building of one erect action',
  realEstateBroker: 'swap the price markers of two territories, then buy one',
  millWorker: 'up to 2 grain free from the field',
  farmer: 'one seed on the farmer card',
  professor: 'take every invention card at the space your marker stops',
  foreman: 'double the work orders you take',
  taxCollector: 'collect taxes twice',
  industryBoss: 'attract any factory card, filled or not',
  unionLeader: 'produce with work orders of any colour',
};
const ground = (action: GameAction) => `ground ${(action.ground as number) + 1}`;
/** " with the Architect" when the action plays the character card named by `flag`. */
const using = (action: GameAction, flag: string, character: string) => (action[flag] ? ` with the ${character}` : '');

function describeAction(action: GameAction, view: UrbanizationView): string {
  const slotName = (slot: unknown) => factoryName(view.display[slot as number]?.card ?? null);
  switch (action.type) {
    case 'place':
      return `Place a marker on ${territory(action)}`;
    case 'movePrice':
      return `Move a price marker to ${territory(action)}`;
    case 'swapPrice':
      return `Swap the price marker of ${territory(action)}`;
    case 'hire': {
      const effect = CHARACTER_EFFECTS[action.character as string];
      return `Hire the ${words(action.character as string).toLowerCase()}${effect ? ` (${effect})` : ''}`;
    }
    case 'buyLand': {
      const price = view.territories[action.territory as number]?.price;
      return `Buy ${territory(action)}${action.broker ? using(action, 'broker', 'real estate broker') : price !== undefined ? ` for $${price}` : ''}`;
    }
    case 'erect': {
      const terms = buildingTerms(action.building as string);
      return `Erect ${action.building === 'admin' ? 'an administrative building' : `a ${action.building}`} on ${territory(action)}, ${ground(action)}${terms ? ` (${terms})` : ''}${using(action, 'architect', 'architect')}`;
    }
    case 'buyGrain': {
      const price = grainPrice(action.source as number);
      const cost = price !== undefined ? ` for $${price}` : '';
      return (action.source as number) === 4 ? `Buy grain from the field${cost}` : `Buy grain from barn ${(action.source as number) + 1}${cost}`;
    }
    case 'sow':
      return `Sow on ${territory(action)}, ${ground(action)}`;
    case 'takeOrders':
      return `Take work orders from the ${slotName(action.slot)}${using(action, 'foreman', 'foreman')}`;
    case 'attractIndustry': {
      const terms = factoryTerms(view.display[action.slot as number]?.card ?? null);
      return `Attract the ${slotName(action.slot)}${terms ? ` (${terms})` : ''}${using(action, 'industryBoss', 'industry boss')}`;
    }
    case 'placeFactory':
      return `Build the factory on ${territory(action)}, ${ground(action)} (+2 points)`;
    case 'produce':
    case 'produceUnion': {
      const factory = view.players[view.activeSeat ?? 0]?.factories[action.factory as number];
      const name = factory ? factoryName(factory.cards[factory.cards.length - 1] ?? null) : `factory ${action.factory}`;
      return action.type === 'produce' ? `Produce at the ${name}` : `Produce at the ${name} with the union leader (${action.white} white, ${action.grey} grey, ${action.orange} orange)`;
    }
    case 'collectTaxes':
      return `Collect taxes ($1 per citizen)${using(action, 'taxCollector', 'tax collector')}`;
    case 'acquireInvention':
      return `${(action.marker as number) < 0 ? 'Put a new marker' : `Move marker ${(action.marker as number) + 1}`} on invention space ${(action.space as number) + 1}${using(action, 'professor', 'professor')}`;
    case 'takeInvention':
      return `Take the invention ${inventionName(action.invention as string)} (+1 point)`;
    case 'removeInventionMarker':
      return `Remove invention marker ${(action.marker as number) + 1}`;
    case 'steamEngine':
      return action.exchange ? 'Use the steam engine exchange' : 'Do not use the steam engine';
    case 'sellGrain':
      return 'Sell a grain (at the price of the first barn with room)';
    case 'millWorker':
      return `Use the mill worker (${CHARACTER_EFFECTS.millWorker})`;
    case 'sowFarmer':
      return 'Sow on the farmer card';
    case 'pass':
      return 'Pass';
    case 'done':
      return 'Done';
    default:
      return describeGeneric(action);
  }
}

/**
 * The final bonuses on top of the points earned in play: +2 for the largest sum of factory
 * numbers, each player's invention bonuses (details of `outcome`).
 */
function finalScoring(details: unknown, scores: number[]): ScoreTable | null {
  const d = details as { factorySums?: number[]; factoryBonus?: number | null; inventionBonus?: number[] } | null;
  if (!d?.factorySums) return null;
  return {
    columns: ['Points in play', 'Sum of factory numbers', 'Factory bonus', 'Invention bonus', 'Total'],
    rows: scores.map((score, seat) => {
      const factoryBonus = d.factoryBonus === seat ? 2 : 0;
      const inventionBonus = d.inventionBonus?.[seat] ?? 0;
      return { label: null, cells: [score - factoryBonus - inventionBonus, d.factorySums![seat] ?? 0, factoryBonus, inventionBonus, score] };
    }),
  };
}

export const urbanizationUi: GameUi<UrbanizationView> = {
  title: 'Urbanization',
  tagline: 'Buy land, raise farms and factories and feed your citizens as the town grows (2–4 players).',
  finalScoring,
  Board: UrbanizationBoard,
  describeAction,
  groupLabel: (type) =>
    ({
      place: 'Place a marker',
      hire: 'Hire a character',
      buyLand: 'Buy land',
      erect: 'Erect a building',
      takeOrders: 'Take work orders',
      attractIndustry: 'Attract industry',
      acquireInvention: 'Inventions',
    })[type] ?? words(type),
};
