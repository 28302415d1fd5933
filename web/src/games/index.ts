import { constructionYardUi } from './construction-yard/index';
import { guildTownUi } from './guild-town/index';
import { milestoneCityUi } from './milestone-city/index';
import type { GameUi } from './types';
import { urbanizationUi } from './urbanization/index';

/** The board and action words of each served game type, by the API's type id. */
// Each entry's view type is its own; the play page hands every board the view of its own game.
export const gameUis: Record<string, GameUi<any>> = {
  urbanization: urbanizationUi,
  'construction-yard': constructionYardUi,
  'guild-town': guildTownUi,
  'milestone-city': milestoneCityUi,
};

/** "Guild town" for 'guild-town' (the type id in words for a type this build has no board for). */
export const gameTitle = (type: string): string => gameUis[type]?.title ?? type.replace(/-/g, ' ');
