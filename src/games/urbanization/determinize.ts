import type { UrbanizationState } from './state.js';
import type { UrbanizationView } from './view.js';

/**
 * Urbanization hides nothing and draws nothing at random (view.ts): the state is the view without
 * the derived fields the view adds for clients.
 */
export function determinize(view: UrbanizationView): UrbanizationState {
  const { you: _you, activeSeat: _active, expected: _expected, freeMarkers: _markers, availableCharacters: _characters, ...state } = view;
  return state;
}
