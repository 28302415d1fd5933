import { constructionYardUi } from './construction-yard/index.js';
import { guildTownUi } from './guild-town/index.js';
import { milestoneCityUi } from './milestone-city/index.js';
import type { GameUi } from './types.js';
import { urbanizationUi } from './urbanization/index.js';

/** The board and action words of each served game type, by the API's type id. */
// Each entry's view type is its own; the play page hands every board the view of its own game.
export const gameUis: Record<string, GameUi<any>> = {
  urbanization: urbanizationUi,
  'construction-yard': constructionYardUi,
  'guild-town': guildTownUi,
  'milestone-city': milestoneCityUi,
};
