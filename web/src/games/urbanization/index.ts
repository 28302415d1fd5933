import { describeGeneric, words } from '../shared';
import type { GameAction, GameUi, ScoreTable } from '../types';
import { UrbanizationBoard } from './Board';
import { buildingTerms, characterName, factoryName, factoryTerms, grainPrice, inventionName, urbWords } from './catalog';
import type { UrbanizationView } from './view';

/** What each character does when played (docs/games/urbanization.md), for the hire buttons. */
const effect = (character: string): string => urbWords(`action.effect.${character}`);
const shown = (n: unknown): number => (n as number) + 1;

function describeAction(action: GameAction, view: UrbanizationView): string {
  const slotName = (slot: unknown) => factoryName(view.display[slot as number]?.card ?? null);
  const territory = action.territory as number;
  switch (action.type) {
    case 'place':
      return urbWords('action.place', { territory });
    case 'movePrice':
      return urbWords('action.movePrice', { territory });
    case 'swapPrice':
      return urbWords('action.swapPrice', { territory });
    case 'hire':
      return urbWords('action.hire', { character: characterName(action.character as string), effect: effect(action.character as string) });
    case 'buyLand': {
      const price = view.territories[territory]?.price ?? 0;
      return action.broker ? urbWords('action.buyLandBroker', { territory }) : urbWords('action.buyLand', { territory, price });
    }
    case 'erect': {
      const terms = buildingTerms(action.building as string) ?? '';
      return urbWords('action.erect', { building: action.building as string, territory, ground: shown(action.ground), terms, architect: action.architect ? 'yes' : 'no' });
    }
    case 'buyGrain': {
      const source = action.source as number;
      const price = grainPrice(source) ?? 0;
      return source === 4 ? urbWords('action.buyGrainField', { price }) : urbWords('action.buyGrainBarn', { barn: source + 1, price });
    }
    case 'sow':
      return urbWords('action.sow', { territory, ground: shown(action.ground) });
    case 'takeOrders':
      return urbWords(action.foreman ? 'action.takeOrdersForeman' : 'action.takeOrders', { factory: slotName(action.slot) });
    case 'attractIndustry': {
      const terms = factoryTerms(view.display[action.slot as number]?.card ?? null) ?? '';
      return urbWords(action.industryBoss ? 'action.attractBoss' : 'action.attract', { factory: slotName(action.slot), terms });
    }
    case 'placeFactory':
      return urbWords('action.placeFactory', { territory, ground: shown(action.ground) });
    case 'produce':
    case 'produceUnion': {
      const factory = view.players[view.activeSeat ?? 0]?.factories[action.factory as number];
      const name = factoryName(factory ? (factory.cards[factory.cards.length - 1] ?? null) : null);
      return action.type === 'produce'
        ? urbWords('action.produce', { factory: name })
        : urbWords('action.produceUnion', { factory: name, white: action.white as number, grey: action.grey as number, orange: action.orange as number });
    }
    case 'collectTaxes':
      return urbWords(action.taxCollector ? 'action.collectTaxesCollector' : 'action.collectTaxes');
    case 'acquireInvention': {
      const space = shown(action.space);
      const professor = action.professor === true;
      if ((action.marker as number) < 0) return urbWords(professor ? 'action.newMarkerProfessor' : 'action.newMarker', { space });
      return urbWords(professor ? 'action.moveMarkerProfessor' : 'action.moveMarker', { marker: shown(action.marker), space });
    }
    case 'takeInvention':
      return urbWords('action.takeInvention', { invention: inventionName(action.invention as string) });
    case 'removeInventionMarker':
      return urbWords('action.removeMarker', { marker: shown(action.marker) });
    case 'steamEngine':
      return urbWords(action.exchange ? 'action.steamYes' : 'action.steamNo');
    case 'sellGrain':
      return urbWords('action.sellGrain');
    case 'millWorker':
      return urbWords('action.millWorker', { effect: effect('millWorker') });
    case 'sowFarmer':
      return urbWords('action.sowFarmer');
    case 'pass':
      return urbWords('action.pass');
    case 'done':
      return urbWords('action.done');
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
    columns: ['inPlay', 'factorySum', 'factoryBonus', 'inventionBonus', 'total'].map((column) => urbWords(`board.score.${column}`)),
    rows: scores.map((score, seat) => {
      const factoryBonus = d.factoryBonus === seat ? 2 : 0;
      const inventionBonus = d.inventionBonus?.[seat] ?? 0;
      return { label: null, cells: [score - factoryBonus - inventionBonus, d.factorySums![seat] ?? 0, factoryBonus, inventionBonus, score] };
    }),
  };
}

/** The action types with a heading of their own (the catalog's action.group.<type>). */
const GROUPS = new Set([
  'place', 'movePrice', 'swapPrice', 'hire', 'pass', 'done', 'buyLand', 'erect', 'buyGrain', 'sellGrain', 'millWorker', 'sow', 'sowFarmer', 'takeOrders',
  'attractIndustry', 'placeFactory', 'produce', 'produceUnion', 'collectTaxes', 'acquireInvention', 'takeInvention', 'removeInventionMarker', 'steamEngine',
]);

export const urbanizationUi: GameUi<UrbanizationView> = {
  title: urbWords('title'),
  tagline: urbWords('tagline'),
  finalScoring,
  Board: UrbanizationBoard,
  describeAction,
  groupLabel: (type) => (GROUPS.has(type) ? urbWords(`action.group.${type}`) : words(type)),
};
