import { ruleError, type LogEntry, type RuleError } from '../../engine/types.js';
import type { LogArgs } from '../../shared/i18n/log.js';
import { ACTION_MARKERS, factoryCard, FIELD, MAX_GRAIN, neighbours, type CharacterId, type InventionId } from './data.js';
import type { LogArgsOf, LogKey } from './log-keys.js';
import type { Factory, Player, UrbanizationState } from './state.js';

export type Check = RuleError | null;
export const err = ruleError;

/**
 * A log entry: its key and arguments (log-keys.ts), which every language renders, beside the English
 * line exactly as the engine always wrote it (replays and stored games read `message` and `data`).
 */
export function entry<K extends LogKey>(key: K, args: LogArgsOf<K>, message: string): LogEntry {
  return { message, key, args: args as LogArgs };
}
/** Log arguments: a seat (its player's name), a factory card by number, a work-order colour. */
export const who = (seat: number): { seat: number } => ({ seat });
export const factoryTerm = (card: number): { term: string } => ({ term: `factory.${card}` });
export const colourTerm = (colour: string): { term: string } => ({ term: `colour.${colour}` });

export function seatName(seat: number): string {
  return `Seat ${seat}`;
}

/** A character as its hire button names it: `unionLeader` → "union leader". */
export const characterWords = (character: string): string => character.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The seat to act now, or null once the game is over. */
export function currentSeat(s: UrbanizationState): number | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'steam') return s.steamQueue[0] ?? null;
  return (s.startPlayer + s.step) % s.seats;
}

/** Seats in clockwise order beginning with the start player. */
export function seatOrder(s: UrbanizationState): number[] {
  return Array.from({ length: s.seats }, (_, i) => (s.startPlayer + i) % s.seats);
}

export function ownedTerritories(s: UrbanizationState, seat: number): number[] {
  return s.territories.filter((t) => t.owner === seat).map((t) => t.id);
}

/** Action markers in the player's pool (not on territories, factory cards or the invention track). */
export function freeMarkers(s: UrbanizationState, seat: number): number {
  // Counted in loops: every legal-action check of a marker-placing action asks this.
  let used = s.players[seat]!.inventionMarkers.length;
  for (const t of s.territories) if (t.owner === seat) used++;
  for (const slot of s.display) for (const owner of slot.spaces) if (owner === seat) used++;
  return ACTION_MARKERS - used;
}

export function hasInvention(p: Player, id: InventionId): boolean {
  return p.inventions.includes(id);
}

/** True when the player holds this character card and has not played it yet. */
export function holds(p: Player, id: CharacterId): boolean {
  return p.character === id && !p.characterUsed;
}

export function canBuyTerritory(s: UrbanizationState, seat: number, id: number): boolean {
  const t = s.territories[id];
  if (!t || t.covered || t.owner !== null) return false;
  return neighbours(id).some((n) => s.territories[n]!.owner === seat);
}

/** Territories (other than `except`) that still hold a price marker: where price markers may move. */
export function priceDestinations(s: UrbanizationState, except: number | null = null): number[] {
  return s.territories.filter((t) => !t.covered && t.owner === null && t.price > 0 && t.id !== except).map((t) => t.id);
}

export function activeCard(f: Factory): number {
  return f.cards[f.cards.length - 1]!;
}

export function ownsFactoryNamed(p: Player, name: string): boolean {
  return p.factories.some((f) => f.cards.some((card) => factoryCard(card).name === name));
}

/** Highest factory card number the player owns (active or inactive), or null. */
export function newestFactory(p: Player): number | null {
  let best: number | null = null;
  for (const f of p.factories) for (const card of f.cards) if (best === null || card > best) best = card;
  return best;
}

export function addPoints(p: Player, points: number): void {
  p.points += points;
}

/**
 * Take up to `wanted` grain markers from the board for a harvest: the return area first, then the
 * field, then barn 4, 3, 2, 1. Returns how many were taken.
 */
export function takeHarvestGrain(s: UrbanizationState, wanted: number): number {
  let taken = 0;
  const area = s.grainArea;
  const fromReturn = Math.min(wanted, area.returnArea);
  area.returnArea -= fromReturn;
  taken += fromReturn;
  const fromField = Math.min(wanted - taken, area.field);
  area.field -= fromField;
  taken += fromField;
  for (let barn = 3; barn >= 0 && taken < wanted; barn--) {
    const n = Math.min(wanted - taken, area.barns[barn]!);
    area.barns[barn]! -= n;
    taken += n;
  }
  return taken;
}

export function grainRoom(p: Player): number {
  return MAX_GRAIN - p.grain;
}

/** The space a sold grain marker goes to: the first barn (1..4) below capacity, then the field. */
export function sellTarget(s: UrbanizationState): number | null {
  for (let barn = 0; barn < 4; barn++) if (s.grainArea.barns[barn]! < s.seats) return barn;
  return s.grainArea.field < s.seats ? FIELD : null;
}

export function grainAt(s: UrbanizationState, source: number): number {
  return source === FIELD ? s.grainArea.field : s.grainArea.barns[source]!;
}

export type Log = LogEntry[];
