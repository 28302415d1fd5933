import { schemaErrors } from '../../engine/schema.js';
import type { ApplyResult, RuleError } from '../../engine/types.js';
import { actionSchema, type ActionOf, type UrbanizationAction } from './actions.js';
import { CHARACTERS, TERRITORY_COUNT } from './data.js';
import { activeCard, canBuyTerritory, currentSeat, entry, err, holds, priceDestinations, seatName, who, type Check, type Log } from './helpers.js';
import type { LogKey } from './log-keys.js';
import { advance, afterSteam } from './rules-flow.js';
import {
  checkAttract,
  checkBuyGrain,
  checkMillWorker,
  checkPlaceFactory,
  checkProduce,
  checkProduceUnion,
  checkSellGrain,
  checkTakeOrders,
  checkTaxes,
  goodsCount,
  ordersOf,
  runAttract,
  runBuyGrain,
  runMillWorker,
  runPlaceFactory,
  runProduce,
  runProduceUnion,
  runSellGrain,
  runTakeOrders,
  runTaxes,
} from './rules-industry.js';
import {
  checkAcquireInvention,
  checkHire,
  checkRemoveMarker,
  checkSteam,
  checkTakeInvention,
  runAcquireInvention,
  runHire,
  runRemoveMarker,
  runSteam,
  runTakeInvention,
} from './rules-inventions.js';
import {
  checkBuyLand,
  checkErect,
  checkMovePrice,
  checkPlace,
  checkSow,
  checkSowFarmer,
  checkSwapPrice,
  runBuyLand,
  runErect,
  runMovePrice,
  runPlace,
  runSow,
  runSowFarmer,
  runSwapPrice,
} from './rules-land.js';
import { copyState, type UrbanizationState } from './state.js';

type ActionType = UrbanizationAction['type'];
interface Handler<T extends ActionType> {
  check: (s: UrbanizationState, seat: number, a: ActionOf<T>) => Check;
  run: (s: UrbanizationState, seat: number, a: ActionOf<T>, log: Log) => void;
}
const none = (): Check => null;
/** What a seat stops doing with `done`: the action it was repeating. */
function doneWords(pending: UrbanizationState['pending']): string {
  switch (pending?.kind) {
    case 'erect':
      return `erects no more ${pending.building === 'admin' ? 'administrative buildings' : `${pending.building}s`}`;
    case 'trade':
      return pending.mode === 'buy' ? 'buys no more grain' : 'sells no more grain';
    case 'sow':
      return 'sows no more seeds';
    case 'produce':
      return 'produces at no more factories';
    default:
      return 'ends the action';
  }
}
/** The log key of `done`: what the seat stops doing (doneWords in every language). */
function doneKey(pending: UrbanizationState['pending']): LogKey {
  switch (pending?.kind) {
    case 'erect':
      return pending.building === 'admin' ? 'doneAdmin' : pending.building === 'house' ? 'doneHouses' : 'doneSkyscrapers';
    case 'trade':
      return pending.mode === 'buy' ? 'doneBuyGrain' : 'doneSellGrain';
    case 'sow':
      return 'doneSow';
    case 'produce':
      return 'doneProduce';
    default:
      return 'doneAction';
  }
}
const HANDLERS: { [K in ActionType]: Handler<K> } = {
  place: { check: checkPlace, run: runPlace },
  movePrice: { check: checkMovePrice, run: runMovePrice },
  hire: { check: checkHire, run: runHire },
  pass: { check: none, run: (_s, seat, _a, log) => log.push(entry('pass', { player: who(seat) }, `Seat ${seat} passes.`)) },
  done: {
    check: none,
    run: (s, seat, _a, log) => {
      log.push(entry(doneKey(s.pending), { player: who(seat) }, `${seatName(seat)} ${doneWords(s.pending)}.`));
      s.pending = null;
    },
  },
  buyLand: { check: checkBuyLand, run: runBuyLand },
  swapPrice: { check: checkSwapPrice, run: runSwapPrice },
  erect: { check: checkErect, run: runErect },
  buyGrain: { check: checkBuyGrain, run: runBuyGrain },
  sellGrain: { check: (s, seat) => checkSellGrain(s, seat), run: (s, seat, _a, log) => runSellGrain(s, seat, log) },
  millWorker: { check: (s, seat) => checkMillWorker(s, seat), run: (s, seat, _a, log) => runMillWorker(s, seat, log) },
  sow: { check: checkSow, run: runSow },
  sowFarmer: { check: (s, seat) => checkSowFarmer(s, seat), run: (s, seat, _a, log) => runSowFarmer(s, seat, log) },
  takeOrders: { check: checkTakeOrders, run: runTakeOrders },
  attractIndustry: { check: checkAttract, run: runAttract },
  placeFactory: { check: checkPlaceFactory, run: runPlaceFactory },
  produce: { check: checkProduce, run: runProduce },
  produceUnion: { check: checkProduceUnion, run: runProduceUnion },
  collectTaxes: { check: checkTaxes, run: runTaxes },
  acquireInvention: { check: checkAcquireInvention, run: runAcquireInvention },
  takeInvention: { check: checkTakeInvention, run: runTakeInvention },
  removeInventionMarker: { check: checkRemoveMarker, run: runRemoveMarker },
  steamEngine: { check: checkSteam, run: runSteam },
};

const START_ACTIONS: ActionType[] = [
  'buyLand',
  'erect',
  'buyGrain',
  'sellGrain',
  'millWorker',
  'sow',
  'sowFarmer',
  'takeOrders',
  'attractIndustry',
  'produce',
  'produceUnion',
  'collectTaxes',
  'acquireInvention',
  'removeInventionMarker',
  'pass',
];

/** The action types that fit the current step, and a sentence saying what is expected. */
export function allowedTypes(s: UrbanizationState): { types: ActionType[]; expected: string } {
  if (s.phase === 'placement') {
    return s.pending?.kind === 'price'
      ? { types: ['movePrice'], expected: 'Move your price markers (movePrice).' }
      : { types: ['place'], expected: 'Place your first house (place).' };
  }
  if (s.phase === 'hire') return { types: ['hire'], expected: 'Hire a character (hire).' };
  if (s.phase === 'steam') return { types: ['steamEngine'], expected: 'Decide on the Steam Engine exchange (steamEngine).' };
  if (s.phase === 'over') return { types: [], expected: 'The game is over.' };
  const pending = s.pending;
  if (pending === null) return { types: START_ACTIONS, expected: 'Take an action or pass.' };
  switch (pending.kind) {
    case 'price':
      return { types: ['movePrice'], expected: 'Move the price markers of the territory you bought (movePrice).' };
    case 'broker':
      return { types: ['swapPrice'], expected: 'Choose the territory to exchange price markers with (swapPrice).' };
    case 'erect':
      return { types: ['erect', 'done'], expected: `Erect another ${pending.building} or finish (done).` };
    case 'trade':
      return pending.mode === 'buy'
        ? { types: ['buyGrain', 'millWorker', 'done'], expected: 'Buy more grain or finish (done).' }
        : { types: ['sellGrain', 'millWorker', 'done'], expected: 'Sell more grain or finish (done).' };
    case 'sow':
      return { types: ['sow', 'sowFarmer', 'done'], expected: 'Sow another seed or finish (done).' };
    case 'produce':
      return { types: ['produce', 'produceUnion', 'done'], expected: 'Produce at another factory or finish (done).' };
    case 'factory':
      return { types: ['placeFactory'], expected: 'Build or upgrade a factory with the card you attracted (placeFactory).' };
    case 'invention':
      return { types: ['takeInvention'], expected: 'Take an invention card at the docking space (takeInvention).' };
  }
}

function check(s: UrbanizationState, seat: number, action: UrbanizationAction): RuleError | null {
  if (s.phase === 'over') return err('GAME_OVER', 'The game is over.');
  if (seat !== currentSeat(s)) return err('NOT_YOUR_TURN', `It is seat ${currentSeat(s)}'s turn.`);
  const allowed = allowedTypes(s);
  if (!allowed.types.includes(action.type)) return err('WRONG_STEP', allowed.expected);
  return ruleCheck(s, seat, action);
}

/** The rules of the action itself, once the seat is to act and the action type fits the step. */
function ruleCheck(s: UrbanizationState, seat: number, action: UrbanizationAction): RuleError | null {
  if (action.type === 'removeInventionMarker' || action.type === 'acquireInvention') {
    if (!s.options.inventions) return err('NO_INVENTIONS', 'This game is played without the Inventions expansion.');
  }
  return (HANDLERS[action.type] as Handler<ActionType>).check(s, seat, action);
}

export function applyAction(state: UrbanizationState, seat: number, input: unknown): ApplyResult<UrbanizationState> | RuleError {
  const problems = schemaErrors(actionSchema, input, 1);
  if (problems.length > 0) return err('BAD_ACTION', `That is not a valid action: ${problems[0]}`);
  const action = input as UrbanizationAction;
  const refused = check(state, seat, action);
  if (refused) return refused;
  const s = copyState(state);
  const log: Log = [];
  const phase = s.phase;
  (HANDLERS[action.type] as Handler<ActionType>).run(s, seat, action, log);
  if (phase === 'steam') afterSteam(s, log);
  else if (action.type !== 'removeInventionMarker' && s.pending === null) advance(s, log);
  return { state: s, log };
}

const TERRITORIES = Array.from({ length: TERRITORY_COUNT }, (_, id) => id);

/** What the candidates of every action type are made of: computed once per legalActions call. */
function candidateParts(s: UrbanizationState, seat: number) {
  const p = s.players[seat]!;
  const owned = s.territories.filter((t) => t.owner === seat);
  return {
    seat,
    p,
    owned,
    grounds: owned.flatMap((t) => t.grounds.map((_, ground) => ({ territory: t.id, ground }))),
    markerChoices: p.inventionMarkers.map((pos, i) => (p.inventionMarkers.indexOf(pos) === i ? i : -2)).filter((i) => i >= 0),
  };
}

/** Both choices of a character's optional power when the seat holds it and nothing is pending, else only "not used". */
function flag(s: UrbanizationState, p: UrbanizationState['players'][number], id: (typeof CHARACTERS)[number]): boolean[] {
  return s.pending === null && holds(p, id) ? [false, true] : [false];
}

function candidates(s: UrbanizationState, type: ActionType, { seat, p, owned, grounds, markerChoices }: ReturnType<typeof candidateParts>): UrbanizationAction[] {
  const territories = TERRITORIES;
  switch (type) {
    case 'place':
      return territories.map((territory) => ({ type, territory }));
    // Narrowed to where the rules can accept them (the checks refuse every other territory), then checked as the rest.
    case 'movePrice':
      return priceDestinations(s).map((territory) => ({ type, territory }));
    case 'swapPrice':
      return (s.pending?.kind === 'broker' ? priceDestinations(s, s.pending.territory) : []).map((territory) => ({ type, territory }));
    case 'hire':
      return CHARACTERS.map((character) => ({ type, character }));
    case 'pass':
    case 'done':
    case 'sellGrain':
    case 'millWorker':
    case 'sowFarmer':
      return [{ type }];
    case 'buyLand':
      return territories.filter((territory) => canBuyTerritory(s, seat, territory)).flatMap((territory) => flag(s, p, 'realEstateBroker').map((broker) => ({ type, territory, broker })));
    case 'erect': {
      const kinds = s.pending?.kind === 'erect' ? [s.pending.building] : (['house', 'skyscraper', 'admin'] as const);
      return kinds.flatMap((building) =>
        (building === 'admin' ? owned.map((t) => ({ territory: t.id, ground: 0 })) : grounds).flatMap((g) =>
          flag(s, p, 'architect').map((architect) => ({ type, building, ...g, architect })),
        ),
      );
    }
    case 'buyGrain':
      return [0, 1, 2, 3, 4].map((source) => ({ type, source }));
    case 'sow':
    case 'placeFactory':
      return grounds.map((g) => ({ type, ...g }));
    case 'takeOrders':
      return [0, 1, 2].flatMap((slot) => flag(s, p, 'foreman').map((foreman) => ({ type, slot, foreman })));
    case 'attractIndustry':
      return [0, 1, 2].flatMap((slot) => flag(s, p, 'industryBoss').map((industryBoss) => ({ type, slot, industryBoss })));
    case 'produce':
      return p.factories.map((_, factory) => ({ type, factory }));
    case 'produceUnion': {
      if (!holds(p, 'unionLeader')) return [];
      const out: UrbanizationAction[] = [];
      p.factories.forEach((f, factory) => {
        const n = goodsCount(s, p, activeCard(f), ordersOf(p));
        for (let white = 0; white <= n; white++)
          for (let grey = 0; white + grey <= n; grey++) out.push({ type, factory, white, grey, orange: n - white - grey });
      });
      return out;
    }
    case 'collectTaxes':
      return flag(s, p, 'taxCollector').map((taxCollector) => ({ type, taxCollector }));
    case 'acquireInvention':
      if (!s.options.inventions) return [];
      return [-1, ...markerChoices].flatMap((marker) =>
        [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((space) => flag(s, p, 'professor').map((professor) => ({ type, marker, space, professor }))),
      );
    case 'takeInvention':
      return s.pending?.kind === 'invention' ? s.docks[s.pending.space]!.map((invention) => ({ type, invention })) : [];
    case 'removeInventionMarker':
      return markerChoices.map((marker) => ({ type, marker }));
    case 'steamEngine':
      return [true, false].map((exchange) => ({ type, exchange }));
  }
}

/**
 * The candidates of the step's action types that the rules accept. Every candidate is of an
 * allowed type and `seat` is to act, so only `ruleCheck` (the rest of apply's `check`) is asked.
 */
export function legalActionsOf(s: UrbanizationState, seat: number): UrbanizationAction[] {
  if (s.phase === 'over' || seat !== currentSeat(s)) return [];
  const parts = candidateParts(s, seat);
  const out: UrbanizationAction[] = [];
  for (const type of allowedTypes(s).types) for (const action of candidates(s, type, parts)) if (ruleCheck(s, seat, action) === null) out.push(action);
  return out;
}

