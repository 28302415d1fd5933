import { constructionYardUi } from './construction-yard/index';
import { guildTownUi } from './guild-town/index';
import { milestoneCityUi } from './milestone-city/index';
import type { GameUi } from './types';
import { urbanizationUi } from './urbanization/index';
import { tr } from '../i18n';

/** The board and action words of each served game type, by the API's type id. */
// Each entry's view type is its own; the play page hands every board the view of its own game.
export const gameUis: Record<string, GameUi<any>> = {
  urbanization: urbanizationUi,
  'construction-yard': constructionYardUi,
  'guild-town': guildTownUi,
  'milestone-city': milestoneCityUi,
};

/**
 * "Guild town" for 'guild-town' in the reader's language: the catalog's `<type>.title`, else the
 * game's own title, else the type id in words (a type this build has no board for).
 */
export function gameTitle(type: string): string {
  const key = `${type}.title`;
  return tr.has(key) ? tr.t(key) : (gameUis[type]?.title ?? type.replace(/-/g, ' '));
}

/** The game's line on what it is about, in the reader's language where the catalog has `<type>.tagline`. */
export function gameTagline(type: string): string {
  const key = `${type}.tagline`;
  return tr.has(key) ? tr.t(key) : (gameUis[type]?.tagline ?? '');
}
