/** The construction yard view as the API sends it (OpenAPI component ConstructionYardView). */
export type Currency = 'blue' | 'green' | 'orange' | 'yellow';
export interface MoneyFace {
  currency: Currency;
  value: number;
}
export interface Building {
  id: number;
  type: string;
  price: number;
}
export interface CYView {
  seats: number;
  neutral: boolean;
  over: boolean;
  current: number | null;
  startPlayer: number;
  turn: number;
  actionsThisTurn: number;
  yard: { slot: number; currency: Currency; building: Building | null }[];
  moneyDisplay: MoneyFace[];
  moneyDeckSize: number;
  discard: MoneyFace[];
  buildingDeckSize: number;
  players: { seat: number; handSize: number; buildings: Building[]; score: number }[];
  neutralCollector: { buildings: Building[]; score: number } | null;
  hand: (MoneyFace & { id: string })[] | null;
  pending: { slot: number; currency: Currency; building: Building; paid: MoneyFace[]; total: number; toNeutral: boolean } | null;
  scorings: { round: string; points: number[] }[];
  finalAssignments: { slot: number; building: number; collector: number | null }[];
  startingCapital: MoneyFace[][] | null;
}
