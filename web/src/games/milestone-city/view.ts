/** The milestone city view as the API sends it (OpenAPI component MilestoneCityView). */
export type BarName = 'happiness' | 'power' | 'water' | 'employment';
export interface MilestoneCityView {
  seat: number | null;
  phase: 'piece' | 'turn' | 'over';
  active: number | null;
  starter: number;
  milestone: number;
  goal: number;
  nextMilestone: { name: string; needs: Partial<Record<BarName, number>> } | null;
  pieces: { id: string; cost: number; faceUp: boolean }[];
  treasury: number;
  bars: Record<BarName, number>;
  tiles: { tile: string; card: string; squares: number[] }[];
  supply: { tile: string; left: number }[];
  hands: string[][];
  deckSize: number;
  discard: string[];
  pending: { card: string; tile: string | null; orientation: number | null } | null;
  districts: { id: number; squares: number[]; empty: boolean }[];
  passes: number;
  result: 'won' | 'bankrupt' | 'outOfCards' | null;
  score: number;
  turns: number;
}
