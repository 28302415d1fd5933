export const meta = {
  id: 'urbanization',
  title: 'Urbanization',
  rulesVersion: 1,
  players: { min: 2, max: 4 },
} as const;
