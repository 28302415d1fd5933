import { canonicalJson } from './canonical.js';
import type { AnyGameDefinition, Seat } from './types.js';

/**
 * The seats whose turn begins with an event (they are told "your turn": mail, push, the `your_turn`
 * webhook and SSE event): every seat active after it that was not active before, and, when the rules'
 * turn mark moved (GameDefinition.turnMark), every seat active after it. A step within one's own turn
 * (the mark unchanged, the seat active before and after) begins nothing. A definition without a mark
 * counts the mover's action as the end of its turn (`mover` still active: a new turn).
 */
export function turnStarts(
  definition: AnyGameDefinition,
  before: { state: unknown; activeSeats: readonly Seat[] },
  after: { state: unknown; activeSeats: readonly Seat[] },
  mover: Seat | null,
): Seat[] {
  const markMoved = definition.turnMark
    ? canonicalJson(definition.turnMark(before.state) ?? null) !== canonicalJson(definition.turnMark(after.state) ?? null)
    : false;
  return after.activeSeats.filter((seat) => !before.activeSeats.includes(seat) || markMoved || (!definition.turnMark && seat === mover));
}
