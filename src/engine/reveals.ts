import type { ApplyResult, RuleError, Seat } from './types.js';
import { isRuleError } from './types.js';

/**
 * Reveals make a move irreversible, by construction. A take-back returns to the state before a
 * move; if that move showed its mover a hidden card, the mover keeps what they saw: a free peek.
 * Engines flag the moves they know reveal (`irreversible`), and the service treats a moved RNG as
 * one (services/progress.ts); this guard adds the rest without trusting the engine to remember.
 *
 * A game lists what is hidden from a seat as `secrets`: its hidden places (`pile.basic`, `hand.2`)
 * and the cards in each; a secret is one card in one place. A card that is hidden from the mover before
 * a move and not hidden in the same place after it was shown to the mover (it went into view)
 * or moved where the mover may know it went (a draw into the mover's hand, from the deck onto a
 * discard pile, a refill of a face-up row). Either way the move is irreversible. Cards that
 * become hidden (the mover's own card paid onto a face-down pile) reveal nothing and are ignored.
 *
 * What the guard cannot see are reveals that move no card: a look that leaves the cards where
 * they were, or a turn order that depends on hidden hands. Engines flag those; the take-back
 * property test (test/engine/take-back-reveals.test.ts) finds any that are missed, by playing each
 * move in other worlds the mover cannot tell from the real one.
 *
 * Old rules versions must be judged as before (a take-back allowed then stays allowed), so the
 * guard works only in states whose rules profile (versions.ts) sets `revealsIrreversible`.
 */
export type Secrets<State> = (state: State, seat: Seat) => Iterable<HiddenPlace>;

/** One place hidden from a seat and the cards in it (equal ids are copies); each place named once per state. */
export interface HiddenPlace {
  place: string;
  ids: readonly (string | number)[];
}

/**
 * A hidden place: its secrets are `place:id#n` for the n-th copy of `id` there, so that drawing one
 * of two equal cards still takes a secret away. Kept as the place and its array rather than those
 * strings: the guard runs on every move, and building a string per deck card twice a move cost 4% of
 * the server's CPU per move (docs/bench-results.md).
 */
export function secretsIn(place: string, ids: readonly (string | number)[]): HiddenPlace {
  return { place, ids };
}

/** Whether this state's rules version has the guard (its profile sets `revealsIrreversible`). */
export function guardsReveals(state: unknown): boolean {
  const rules = (state as { rules?: { revealsIrreversible?: unknown } } | null)?.rules;
  return rules?.revealsIrreversible === true;
}

/** True when a card hidden from `seat` in `before` is not hidden in the same place in `after`. */
export function revealsTo<State>(secrets: Secrets<State>, before: State, after: State, seat: Seat): boolean {
  const hiddenAfter = new Map<string, readonly (string | number)[]>();
  for (const { place, ids } of secrets(after, seat)) hiddenAfter.set(place, ids);
  for (const { place, ids } of secrets(before, seat)) {
    const still = hiddenAfter.get(place) ?? [];
    if (still !== ids && fewerCopies(still, ids)) return true;
  }
  return false;
}

/** Whether some id has fewer copies in `after` than in `before` (a secret `place:id#n` gone). */
function fewerCopies(after: readonly (string | number)[], before: readonly (string | number)[]): boolean {
  if (after.length < before.length) return true;
  const copies = new Map<string | number, number>();
  for (const id of after) copies.set(id, (copies.get(id) ?? 0) + 1);
  for (const id of before) {
    const left = copies.get(id);
    if (!left) return true;
    copies.set(id, left - 1);
  }
  return false;
}

/** `apply` with the guard: an accepted move that reveals a secret to its mover is irreversible. */
export function guardReveals<State, Action>(
  apply: (state: State, seat: Seat, action: Action) => ApplyResult<State> | RuleError,
  secrets: Secrets<State>,
): (state: State, seat: Seat, action: Action) => ApplyResult<State> | RuleError {
  return (state, seat, action) => {
    const result = apply(state, seat, action);
    if (isRuleError(result) || result.irreversible === true || !guardsReveals(state)) return result;
    return revealsTo(secrets, state, result.state, seat) ? { ...result, irreversible: true } : result;
  };
}
