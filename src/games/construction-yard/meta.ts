/** Identity of the game in the catalog. */
export const meta = {
  id: 'construction-yard',
  title: 'Construction yard',
  players: { min: 2, max: 6 },
} as const;
