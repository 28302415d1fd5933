export const meta = {
  id: 'guild-town',
  title: 'Guild town',
  players: { min: 2, max: 5 },
} as const;
