import type { CharacterId } from './data.js';
import { currentSeat, freeMarkers } from './helpers.js';
import { allowedTypes } from './rules.js';
import { availableCharacters } from './rules-inventions.js';
import type { UrbanizationState } from './state.js';

/**
 * Urbanization has no hidden information: the factory deck lies face up in number order, the
 * invention cards are open and nothing is drawn at random. Every seat and spectators see the whole
 * state, plus a few derived values a client needs (whose turn it is, free action markers…).
 */
export interface UrbanizationView extends UrbanizationState {
  you: number | null;
  activeSeat: number | null;
  expected: string;
  freeMarkers: number[];
  availableCharacters: CharacterId[];
}

export function viewOf(state: UrbanizationState, seat: number | null): UrbanizationView {
  // The state's parts are shared, not copied: states are never changed once made (apply copies).
  return {
    ...state,
    you: seat,
    activeSeat: currentSeat(state),
    expected: allowedTypes(state).expected,
    freeMarkers: state.players.map((_, s) => freeMarkers(state, s)),
    availableCharacters: availableCharacters(state),
  };
}
