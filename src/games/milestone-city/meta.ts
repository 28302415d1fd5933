/** Identity of the game, apart from its rules. */
export const META = {
  id: 'milestone-city',
  title: 'Milestone city',
  players: { min: 1, max: 4 },
} as const;
