import { openRng } from '../../engine/rng.js';
import { ruleError, type ApplyResult, type LogEntry, type RuleError } from '../../engine/types.js';
import { BAR_MAX, BAR_NAMES, PIECES, type Effects } from './data.js';
import { footprint, tileById, tileIndex } from './board.js';
import type { MilestoneCityAction } from './actions.js';
import { type BoardContext, boardContext, benefitApplies, hasAnchor, placementError, playError, tileFits, tileOptions } from './rules-place.js';
import { affordablePieces, eligiblePieces, milestoneError, taxes } from './rules-end.js';
import { cardKind, editionOf } from './editions.js';
import type { Bars, MilestoneCityState } from './state.js';
import { card as cardTerm, entry, milestone as milestoneTerm, tile as tileTerm, who } from './log-entry.js';
import { orientationWords, serviceWords } from './words.js';

type Result = ApplyResult<MilestoneCityState> | RuleError;

const next = (state: MilestoneCityState, seat: number): number => (seat + 1) % state.seats;

function applyEffects(bars: Bars, treasury: number, effects: Effects): { bars: Bars; treasury: number } {
  const out = { ...bars };
  for (const bar of BAR_NAMES) out[bar] = Math.min(BAR_MAX, out[bar] + (effects[bar] ?? 0));
  return { bars: out, treasury: treasury + (effects.money ?? 0) };
}

/** Draw one card for `seat` if the deck has one (the draw order is hidden, so this is irreversible). */
function draw(state: MilestoneCityState, hands: string[][], deck: string[], seat: number, log: LogEntry[]): string[] {
  if (deck.length === 0) return deck;
  const [card, ...rest] = deck;
  hands[seat] = [...hands[seat]!, card!];
  const kind = cardKind(state, card!)!;
  log.push(entry('draw', { player: who(seat), card: cardTerm(kind.kind) }, `Seat ${seat} draws the ${kind.name}.`, { seat, card }));
  return rest;
}

export function apply(state: MilestoneCityState, seat: number, action: MilestoneCityAction): Result {
  if (state.phase === 'over') return ruleError('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(seat) || seat !== state.active) return ruleError('NOT_YOUR_TURN', `It is seat ${state.active}'s turn.`);
  switch (action.type) {
    case 'choosePiece':
      return choosePiece(state, seat, action.piece);
    case 'play':
    case 'chooseTile':
    case 'orient':
    case 'place':
    case 'cancel':
      if (state.phase !== 'turn') return ruleError('CHOOSE_PIECE_FIRST', 'First the starting player chooses the board piece for this milestone.');
      return playStep(state, seat, action);
    case 'exchange':
    case 'endMilestone':
    case 'pass': {
      if (state.phase !== 'turn') return ruleError('CHOOSE_PIECE_FIRST', 'First the starting player chooses the board piece for this milestone.');
      if (state.pending) return ruleError('CARD_IN_PLAY', 'Finish placing the card you slid forward, or cancel it.');
      if (action.type === 'exchange') return exchange(state, seat, action.card);
      if (action.type === 'endMilestone') return endMilestone(state, seat);
      return pass(state, seat);
    }
  }
  return ruleError('UNKNOWN_ACTION', 'That is not an action of this game.');
}

function choosePiece(state: MilestoneCityState, seat: number, piece: number): Result {
  if (state.phase !== 'piece') return ruleError('NOT_CHOOSING_PIECE', 'A board piece is chosen only at the start of a milestone.');
  const data = PIECES[piece];
  if (!Number.isInteger(piece) || !data) return ruleError('UNKNOWN_PIECE', 'There is no such board piece.');
  const cost = editionOf(state).pieceCosts[piece]!;
  if (state.faceUp[piece]) return ruleError('PIECE_FACE_UP', `Board piece ${data.id} is already face up.`);
  if (!eligiblePieces(state).includes(piece)) return ruleError('PIECE_NOT_ADJACENT', `Board piece ${data.id} must border a face-up piece.`);
  if (cost > state.treasury) return ruleError('NOT_ENOUGH_MONEY', `Board piece ${data.id} costs ${cost}; the treasury holds ${state.treasury}.`);
  const faceUp = state.faceUp.map((up, p) => up || p === piece);
  const log = [entry('choosePiece', { player: who(seat), cost, piece: { term: `piece.${data.id}` } }, `Seat ${seat} pays ${cost} and turns board piece ${data.id} face up.`, { seat, piece: data.id, cost })];
  return { state: { ...state, faceUp, treasury: state.treasury - cost, phase: 'turn' }, log };
}

function playStep(state: MilestoneCityState, seat: number, action: MilestoneCityAction): Result {
  const pending = state.pending;
  if (action.type === 'play') {
    if (pending) return ruleError('CARD_IN_PLAY', 'Finish placing the card you slid forward, or cancel it.');
    if (!state.hands[seat]!.includes(action.card)) return ruleError('CARD_NOT_IN_HAND', `You hold no card ${action.card}.`);
    const card = cardKind(state, action.card)!;
    const error = playError(state, boardContext(state), card);
    if (error) return error;
    const tile = card.type === 'zone' ? null : card.tile;
    const log = [entry('play', { player: who(seat), card: cardTerm(card.kind) }, `Seat ${seat} plays the ${card.name}.`)];
    return { state: { ...state, pending: { card: action.card, tile, orientation: null } }, log };
  }
  if (!pending) return ruleError('NO_CARD_IN_PLAY', 'Slide a construction card forward first.');
  const card = cardKind(state, pending.card)!;
  if (action.type === 'cancel') return { state: { ...state, pending: null }, log: [entry('cancel', { player: who(seat), card: cardTerm(card.kind) }, `Seat ${seat} takes the ${card.name} back.`)] };
  const ctx = boardContext(state);
  if (action.type === 'chooseTile') {
    if (pending.tile !== null) return ruleError('TILE_ALREADY_CHOSEN', 'The tile for this card is already chosen.');
    if (!tileOptions(state, card).some((tile) => tile.id === action.tile)) {
      return ruleError('WRONG_TILE', `The ${card.name} takes a ${card.type === 'zone' ? card.category : 'printed'} tile that is still in the supply.`);
    }
    if (!tileFits(state, ctx, action.tile, card)) return ruleError('NO_ROOM', 'That tile fits nowhere on the face-up board.');
    const log = [entry('chooseTile', { player: who(seat), tile: tileTerm(action.tile), card: cardTerm(card.kind) }, `Seat ${seat} takes the tile ${tileById(action.tile)!.name} for the ${card.name}.`)];
    return { state: { ...state, pending: { ...pending, tile: action.tile } }, log };
  }
  if (pending.tile === null) return ruleError('CHOOSE_TILE_FIRST', 'Choose a tile of the card\'s zone category first.');
  const tile = tileById(pending.tile)!;
  const utility = card.type === 'utility';
  if (action.type === 'orient') {
    if (pending.orientation !== null) return ruleError('ALREADY_ORIENTED', 'The tile is already turned; place it or cancel.');
    if (!Number.isInteger(action.orientation) || action.orientation < 0 || action.orientation > 7) {
      return ruleError('UNKNOWN_ORIENTATION', 'Orientations are 0 to 7.');
    }
    if (!hasAnchor(state, ctx, tile, action.orientation, utility)) return ruleError('NO_ROOM', 'Turned that way, the tile fits nowhere.');
    const message = `Seat ${seat} ${action.orientation === 0 ? `keeps the tile ${tile.name} as printed` : `turns the tile ${tile.name} ${orientationWords(action.orientation)}`}.`;
    const log = [
      action.orientation === 0
        ? entry('keepTile', { player: who(seat), tile: tileTerm(tile.id) }, message)
        : entry('turnTile', { player: who(seat), tile: tileTerm(tile.id), orientation: { term: `orientation.${action.orientation}` } }, message),
    ];
    return { state: { ...state, pending: { ...pending, orientation: action.orientation } }, log };
  }
  if (action.type !== 'place') return ruleError('UNKNOWN_ACTION', 'Unknown action.');
  if (pending.orientation === null) return ruleError('ORIENT_FIRST', 'Choose how to turn the tile first.');
  if (!Number.isInteger(action.x) || !Number.isInteger(action.y)) return ruleError('OFF_THE_EDGE', 'Squares are whole numbers.');
  const error = placementError(state, ctx, tile, pending.orientation, action.x, action.y, utility);
  if (error) return error;
  const squares = footprint(tile, pending.orientation, action.x, action.y)!;
  return build(state, seat, ctx, pending.card, tile.id, squares);
}

function build(state: MilestoneCityState, seat: number, ctx: BoardContext, cardId: string, tileId: string, squares: number[]): Result {
  const card = cardKind(state, cardId)!;
  const log: LogEntry[] = [];
  let { bars, treasury } = applyEffects(state.bars, state.treasury - (card.type === 'zone' ? 0 : card.cost), card.effects);
  let used = false;
  if (card.type === 'zone' && benefitApplies(state, ctx, card, squares)) {
    used = true;
    ({ bars, treasury } = applyEffects(bars, treasury, card.benefit.effects));
  }
  const supply = state.supply.slice();
  supply[tileIndex(tileId)]! -= 1;
  const hands = state.hands.map((hand) => hand.slice());
  hands[seat] = hands[seat]!.filter((id) => id !== cardId);
  const message = `Seat ${seat} builds the ${card.name} on the tile ${tileById(tileId)!.name}${used && card.type === 'zone' ? ` and uses the ${serviceWords(card.benefit.service)} service` : ''}.`;
  const args = { player: who(seat), card: cardTerm(card.kind), tile: tileTerm(tileId) };
  const data = { seat, card: cardId, tile: tileId, squares, benefit: used };
  log.push(used && card.type === 'zone' ? entry('buildService', { ...args, service: { term: `service.${card.benefit.service}` } }, message, data) : entry('build', args, message, data));
  const deck = draw(state, hands, state.deck, seat, log);
  const tiles = [...state.tiles, { tile: tileId, card: cardId, squares }];
  const nextState: MilestoneCityState = {
    ...state, bars, treasury, supply, hands, deck, tiles, discard: [...state.discard, cardId],
    pending: null, passes: 0, active: next(state, seat), turns: state.turns + 1,
  };
  return { state: nextState, log, irreversible: deck.length !== state.deck.length };
}

function exchange(state: MilestoneCityState, seat: number, cardId: string): Result {
  if (!state.hands[seat]!.includes(cardId)) return ruleError('CARD_NOT_IN_HAND', `You hold no card ${cardId}.`);
  if (state.deck.length === 0) return ruleError('DECK_EMPTY', 'The draw pile is empty: no card can be exchanged.');
  const hands = state.hands.map((hand) => hand.slice());
  hands[seat] = hands[seat]!.filter((id) => id !== cardId);
  const kind = cardKind(state, cardId)!;
  const log: LogEntry[] = [entry('exchange', { player: who(seat), card: cardTerm(kind.kind) }, `Seat ${seat} exchanges the ${kind.name} for a new card.`, { seat, card: cardId })];
  const deck = draw(state, hands, state.deck, seat, log);
  return {
    state: { ...state, hands, deck, discard: [...state.discard, cardId], passes: 0, active: next(state, seat), turns: state.turns + 1 },
    log,
    irreversible: true,
  };
}

function pass(state: MilestoneCityState, seat: number): Result {
  if (state.deck.length > 0) return ruleError('PASS_NOT_ALLOWED', 'You may pass only once the draw pile is empty.');
  const passes = state.passes + 1;
  const log: LogEntry[] = [entry('pass', { player: who(seat) }, `Seat ${seat} passes.`, { seat })];
  if (passes >= state.seats) {
    log.push(entry('outOfCards', {}, 'Every player passed in a row with the draw pile empty: the city\'s term is over.'));
    return { state: { ...state, passes, phase: 'over', result: 'outOfCards', active: seat, turns: state.turns + 1 }, log };
  }
  return { state: { ...state, passes, active: next(state, seat), turns: state.turns + 1 }, log };
}

function endMilestone(state: MilestoneCityState, seat: number): Result {
  const error = milestoneError(state);
  if (error) return error;
  const income = taxes(state);
  const milestone = state.milestone + 1;
  const edition = editionOf(state);
  const log: LogEntry[] = [
    entry(
      'endMilestone',
      { player: who(seat), milestone: milestoneTerm(state.milestone), taxes: income },
      `Seat ${seat} ends the ${edition.milestones[state.milestone]!.name} milestone; the city collects ${income} in taxes.`,
      { seat, milestone, taxes: income },
    ),
  ];
  const base = { ...state, milestone, treasury: state.treasury + income, passes: 0, turns: state.turns + 1 };
  if (milestone >= state.goal) {
    log.push(entry('won', {}, 'Every milestone is reached: the city is a success!'));
    return { state: { ...base, phase: 'over', result: 'won' }, log };
  }
  const rng = openRng(state.rng);
  let deck = state.deck;
  if (milestone === edition.stageTwoAt) {
    deck = rng.shuffle([...deck, ...edition.stageCards[2]]);
    log.push(entry('stageTwo', {}, 'The Stage II construction cards are shuffled into the draw pile.'));
  }
  const hands = state.hands.map((hand) => hand.slice());
  for (let s = 0; s < state.seats; s++) while (hands[s]!.length < state.handSize && deck.length > 0) deck = draw(state, hands, deck, s, log);
  const starter = next(state, seat);
  const started: MilestoneCityState = { ...base, deck, hands, rng: rng.state(), starter, active: starter, phase: 'piece' };
  if (affordablePieces(started).length === 0) {
    log.push(entry('bankrupt', {}, 'The treasury cannot pay for any board piece next to the city: the city is bankrupt.'));
    return { state: { ...started, phase: 'over', result: 'bankrupt' }, log, irreversible: true };
  }
  log.push(entry('starter', { player: who(starter), milestone: milestoneTerm(milestone) }, `Seat ${starter} is the starting player of the ${edition.milestones[milestone]!.name} milestone and chooses its board piece.`));
  return { state: started, log, irreversible: deck.length !== state.deck.length || milestone === edition.stageTwoAt };
}
