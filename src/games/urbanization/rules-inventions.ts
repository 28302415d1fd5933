import { CHARACTERS, INVENTIONS, type CharacterId } from './data.js';
import type { ActionOf } from './actions.js';
import { characterWords, entry, err, freeMarkers, holds, seatName, who, type Check, type Log } from './helpers.js';
import type { UrbanizationState } from './state.js';

/* ---------- hire character ---------- */

export function availableCharacters(s: UrbanizationState): CharacterId[] {
  const taken = s.players.map((p) => p.character);
  return CHARACTERS.filter((id) => (id !== 'professor' || s.options.inventions) && !taken.includes(id));
}

export function checkHire(s: UrbanizationState, _seat: number, a: ActionOf<'hire'>): Check {
  if (a.character === 'professor' && !s.options.inventions) return err('NO_PROFESSOR', 'The Professor is used only with the Inventions expansion.');
  if (!availableCharacters(s).includes(a.character)) return err('CHARACTER_TAKEN', 'Another player already hired that character this turn.');
  return null;
}

export function runHire(s: UrbanizationState, seat: number, a: ActionOf<'hire'>, log: Log): void {
  const p = s.players[seat]!;
  p.character = a.character;
  p.characterUsed = false;
  log.push(entry('hire', { player: who(seat), character: { term: `character.${a.character}` } }, `${seatName(seat)} hires the ${characterWords(a.character)}.`));
}

/* ---------- acquire invention ---------- */

export function inventionCost(s: UrbanizationState, seat: number, marker: number, space: number): number | null {
  if (marker === -1) return space;
  const from = s.players[seat]!.inventionMarkers[marker];
  if (from === undefined || space <= from) return null;
  return space - from - 1;
}

export function checkAcquireInvention(s: UrbanizationState, seat: number, a: ActionOf<'acquireInvention'>): Check {
  const p = s.players[seat]!;
  if (!s.options.inventions) return err('NO_INVENTIONS', 'This game is played without the Inventions expansion.');
  if (a.marker === -1 && freeMarkers(s, seat) < 1) return err('NO_ACTION_MARKER', 'You have no action marker left to enter the invention track.');
  if (a.marker >= 0 && p.inventionMarkers[a.marker] === undefined) return err('NO_SUCH_MARKER', 'You have no such marker on the invention track.');
  const cost = inventionCost(s, seat, a.marker, a.space);
  if (cost === null) return err('MOVE_RIGHT', 'Move the marker at least one docking space to the right.');
  if (p.money < cost) return err('NOT_ENOUGH_MONEY', `That move costs $${cost}.`);
  if (s.docks[a.space]!.length === 0) return err('DOCK_EMPTY', 'No invention card is left at that docking space.');
  if (a.professor && !holds(p, 'professor')) return err('NO_CHARACTER', 'You do not hold an unplayed Professor.');
  return null;
}

export function runAcquireInvention(s: UrbanizationState, seat: number, a: ActionOf<'acquireInvention'>, log: Log): void {
  const p = s.players[seat]!;
  const cost = inventionCost(s, seat, a.marker, a.space)!;
  p.money -= cost;
  if (a.marker === -1) p.inventionMarkers.push(a.space);
  else p.inventionMarkers[a.marker] = a.space;
  log.push(entry('dock', { player: who(seat), space: a.space + 1, cost }, `${seatName(seat)} moves an action marker to docking space ${a.space + 1} for $${cost}.`));
  if (a.professor) {
    p.characterUsed = true;
    for (const id of s.docks[a.space]!) takeCard(s, seat, id, log);
    s.docks[a.space] = [];
    return;
  }
  s.pending = { kind: 'invention', space: a.space };
}

function takeCard(s: UrbanizationState, seat: number, id: (typeof INVENTIONS)[number]['id'], log: Log): void {
  const p = s.players[seat]!;
  p.inventions.push(id);
  p.points += 1;
  log.push(entry('takeInvention', { player: who(seat), invention: { term: `invention.${id}` } }, `${seatName(seat)} takes the invention ${INVENTIONS.find((card) => card.id === id)!.name} (+1 point).`));
}

export function checkTakeInvention(s: UrbanizationState, _seat: number, a: ActionOf<'takeInvention'>): Check {
  if (s.pending?.kind !== 'invention') return err('WRONG_STEP', 'Move a marker on the invention track first.');
  if (!s.docks[s.pending.space]!.includes(a.invention)) return err('NOT_AT_DOCK', 'That invention is not at the docking space where your marker stopped.');
  return null;
}

export function runTakeInvention(s: UrbanizationState, seat: number, a: ActionOf<'takeInvention'>, log: Log): void {
  if (s.pending?.kind !== 'invention') return;
  const space = s.pending.space;
  s.docks[space] = s.docks[space]!.filter((id) => id !== a.invention);
  takeCard(s, seat, a.invention, log);
  s.pending = null;
}

export function checkRemoveMarker(s: UrbanizationState, seat: number, a: ActionOf<'removeInventionMarker'>): Check {
  if (s.players[seat]!.inventionMarkers[a.marker] === undefined) return err('NO_SUCH_MARKER', 'You have no such marker on the invention track.');
  return null;
}

export function runRemoveMarker(s: UrbanizationState, seat: number, a: ActionOf<'removeInventionMarker'>, log: Log): void {
  s.players[seat]!.inventionMarkers.splice(a.marker, 1);
  log.push(entry('removeMarker', { player: who(seat) }, `${seatName(seat)} takes an action marker back from the invention track.`));
}

/* ---------- Steam Engine (factories phase) ---------- */

export function canUseSteam(s: UrbanizationState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.inventions.includes('steamEngine') && p.orders.orange >= 2 && s.supply.grey >= 2;
}

export function checkSteam(s: UrbanizationState, seat: number, a: ActionOf<'steamEngine'>): Check {
  if (a.exchange && !canUseSteam(s, seat)) return err('NO_EXCHANGE', 'You need 2 orange work orders and 2 grey ones must be in the supply.');
  return null;
}

export function runSteam(s: UrbanizationState, seat: number, a: ActionOf<'steamEngine'>, log: Log): void {
  if (a.exchange) {
    const p = s.players[seat]!;
    p.orders.orange -= 2;
    s.supply.orange += 2;
    p.orders.grey += 2;
    s.supply.grey -= 2;
    log.push(entry('steamEngine', { player: who(seat) }, `${seatName(seat)} uses the Steam Engine: 2 orange work orders become 2 grey.`));
  } else log.push(entry('steamKeep', { player: who(seat) }, `${seatName(seat)} keeps the orange work orders.`));
}
