import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { UrbanizationBoard } from './Board';
import { factoryName, inventionName } from './catalog';
import type { UrbanizationView } from './view';

const territory = (action: GameAction) => `territory ${action.territory}`;
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
    case 'hire':
      return `Hire the ${words(action.character as string).toLowerCase()}`;
    case 'buyLand':
      return `Buy ${territory(action)}${using(action, 'broker', 'real estate broker')}`;
    case 'erect':
      return `Erect a ${action.building === 'admin' ? 'administrative building' : action.building} on ${territory(action)}, ${ground(action)}${using(action, 'architect', 'architect')}`;
    case 'buyGrain':
      return (action.source as number) === 4 ? 'Buy grain from the field' : `Buy grain from barn ${(action.source as number) + 1}`;
    case 'sow':
      return `Sow on ${territory(action)}, ${ground(action)}`;
    case 'takeOrders':
      return `Take work orders from the ${slotName(action.slot)}${using(action, 'foreman', 'foreman')}`;
    case 'attractIndustry':
      return `Attract the ${slotName(action.slot)}${using(action, 'industryBoss', 'industry boss')}`;
    case 'placeFactory':
      return `Build the factory on ${territory(action)}, ${ground(action)}`;
    case 'produce':
    case 'produceUnion': {
      const factory = view.players[view.activeSeat ?? 0]?.factories[action.factory as number];
      const name = factory ? factoryName(factory.cards[factory.cards.length - 1] ?? null) : `factory ${action.factory}`;
      return action.type === 'produce' ? `Produce at the ${name}` : `Produce at the ${name} with the union leader (${action.white} white, ${action.grey} grey, ${action.orange} orange)`;
    }
    case 'collectTaxes':
      return `Collect taxes${using(action, 'taxCollector', 'tax collector')}`;
    case 'acquireInvention':
      return `${(action.marker as number) < 0 ? 'Put a new marker' : `Move marker ${(action.marker as number) + 1}`} on invention space ${(action.space as number) + 1}${using(action, 'professor', 'professor')}`;
    case 'takeInvention':
      return `Take the invention ${inventionName(action.invention as string)}`;
    case 'removeInventionMarker':
      return `Remove invention marker ${(action.marker as number) + 1}`;
    case 'steamEngine':
      return action.exchange ? 'Use the steam engine exchange' : 'Do not use the steam engine';
    case 'sellGrain':
      return 'Sell grain';
    case 'millWorker':
      return 'Use the mill worker';
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

/** The engine's lines name characters by id ("hires the unionLeader"). */
function wordLog(message: string): string {
  return message.replace(/\b(the |The )([a-z]+[A-Z][A-Za-z]*)\b/g, (_, the: string, id: string) => `${the}${words(id).toLowerCase()}`);
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
  wordLog,
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
