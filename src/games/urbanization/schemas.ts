import { Type } from '@sinclair/typebox';
import { urbanizationGame } from './index.js';

/**
 * The published shapes of urbanization (OpenAPI components UrbanizationAction, UrbanizationOptions, UrbanizationView).
 * The action and options schemas are the engine's own. The view is published as an object only:
 * its full schema is still to be written (see docs/architecture.md), so clients read it untyped.
 */
export const schemas = {
  action: { ...urbanizationGame.actionSchema, $id: 'UrbanizationAction', description: 'One urbanization action' },
  options: { ...urbanizationGame.optionsSchema, $id: 'UrbanizationOptions', description: 'urbanization options' },
  view: Type.Object({}, { additionalProperties: true, $id: 'UrbanizationView', description: 'What a seat (or a spectator) sees of a urbanization game (not typed in detail yet)' }),
};
