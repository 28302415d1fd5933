import type { LogKeySpec } from '../shared/i18n/log.js';
import { logKeys as constructionYard } from './construction-yard/log-keys.js';
import { logKeys as guildTown } from './guild-town/log-keys.js';
import { logKeys as milestoneCity } from './milestone-city/log-keys.js';
import { logKeys as urbanization } from './urbanization/log-keys.js';

/** Each game type's log keys and their arguments (src/games/<type>/log-keys.ts), by type id. */
export const LOG_KEYS: Record<string, LogKeySpec> = {
  urbanization,
  'construction-yard': constructionYard,
  'guild-town': guildTown,
  'milestone-city': milestoneCity,
};
