/** English: the game's log keys (log.<key>), terms (term.<kind>.<id>) and board words (board.<...>). */
export default {
} as const;
