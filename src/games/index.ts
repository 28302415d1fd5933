import type { AnyGameDefinition } from '../engine/types.js';
import { constructionYardGame } from './construction-yard/index.js';
import { guildTownGame } from './guild-town/index.js';
import { milestoneCityGame } from './milestone-city/index.js';
import { urbanizationGame } from './urbanization/index.js';

/**
 * The catalog of served games, by id. Each game lives in its own folder and is declared, not
 * inherited: add its definition here once its engine is complete.
 */
export const games: Record<string, AnyGameDefinition> = Object.fromEntries(
  [urbanizationGame, constructionYardGame, guildTownGame, milestoneCityGame].map((definition) => [definition.id, definition]),
);
