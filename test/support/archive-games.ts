import { openRng, seedRng } from '../../src/engine/rng.js';
import { withDefaults } from '../../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition, type LogEntry } from '../../src/engine/types.js';
import { START_SEQ, startLog } from '../../src/services/progress.js';
import type { EventRecord } from '../../src/store/games.js';

/** A JSON value with its objects' keys in jsonb's order (shorter first, then by bytes): as the rows give actions and logs back. */
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  keys.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((key) => [key, jsonbOrder((value as Record<string, unknown>)[key])]));
}

/** The events of a game of `seats` seeded random players as the service stores and reads them (jsonb's key order): its start, then every move, a minute to half an hour apart. */
export function playedEvents(definition: AnyGameDefinition, seats: number, options: unknown, seed: string): EventRecord[] {
  const rng = openRng(seedRng(`archive-dictionary:${seed}`));
  let state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, options), seed, rulesVersion: definition.rulesVersion });
  const actors = Array.from({ length: seats }, (_, seat) => `00000000-0000-4000-8000-${String(seat + 1).padStart(12, '0')}`);
  let at = Date.UTC(2026, 0, 1);
  const event = (seq: number, rest: Omit<EventRecord, 'seq' | 'createdAt'>): EventRecord => ({ seq, ...rest, createdAt: new Date((at += rng.int(60_000, 2_000_000))) });
  const events = [event(START_SEQ, { seat: null, actorId: null, kind: 'start', undoesSeq: null, action: { type: 'start' }, log: jsonbOrder(startLog(seats)) as LogEntry[], irreversible: true })];
  for (let step = 0; step < 20_000; step++) {
    const active = definition.activeSeats(state);
    if (active.length === 0) break;
    const seat = active[rng.int(0, active.length - 1)]!;
    const action = rng.pick(definition.legalActions(state, seat));
    const result = definition.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${definition.id}: a listed action was refused: ${result.message}`);
    state = result.state;
    events.push(event(events.length + 1, { seat, actorId: actors[seat]!, kind: 'action', undoesSeq: null, action: jsonbOrder(action), log: jsonbOrder(result.log) as LogEntry[], irreversible: result.irreversible === true }));
  }
  return events;
}
