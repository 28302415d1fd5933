export const meta = {
  id: 'guild-town',
  title: 'Guild town',
  rulesVersion: 2,
  players: { min: 2, max: 5 },
} as const;
