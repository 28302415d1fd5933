import { Type } from '@sinclair/typebox';
import { guildTownGame } from './index.js';

/**
 * The published shapes of guild-town (OpenAPI components GuildTownAction, GuildTownOptions, GuildTownView).
 * The action and options schemas are the engine's own. The view is published as an object only:
 * its full schema is still to be written (see docs/architecture.md), so clients read it untyped.
 */
export const schemas = {
  action: { ...guildTownGame.actionSchema, $id: 'GuildTownAction', description: 'One guild-town action' },
  options: { ...guildTownGame.optionsSchema, $id: 'GuildTownOptions', description: 'guild-town options' },
  view: Type.Object({}, { additionalProperties: true, $id: 'GuildTownView', description: 'What a seat (or a spectator) sees of a guild-town game (not typed in detail yet)' }),
};
