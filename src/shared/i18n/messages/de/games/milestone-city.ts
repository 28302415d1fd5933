import type en from '../../en/games/milestone-city.js';

/** German: the game's log keys (log.<key>), terms (term.<kind>.<id>) and board words (board.<...>). */
export default {
} satisfies Record<keyof typeof en, string>;
