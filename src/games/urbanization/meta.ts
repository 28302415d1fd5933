export const meta = {
  id: 'urbanization',
  title: 'Urbanization',
  players: { min: 2, max: 4 },
} as const;
