/**
 * The urbanization view as the API sends it. Its OpenAPI component is still an untyped object, so
 * this is the part of the engine's view the board reads (src/games/urbanization/view.ts).
 */
export type Colour = 'white' | 'grey' | 'orange';
export type Orders = Record<Colour, number>;
export interface UrbanizationView {
  seats: number;
  options: { inventions: boolean };
  phase: 'placement' | 'hire' | 'actions' | 'steam' | 'over';
  turn: number;
  actionPhase: number;
  startPlayer: number;
  pending: { kind: string } | null;
  players: {
    money: number;
    points: number;
    grain: number;
    orders: Orders;
    houseLine: number;
    citizens: number;
    taxLine: number;
    character: string | null;
    characterUsed: boolean;
    mayor: boolean;
    farmerSeeds: number;
    factories: { territory: number; ground: number; cards: number[]; output: Orders }[];
    inventions: string[];
    inventionMarkers: number[];
  }[];
  territories: { id: number; covered: boolean; owner: number | null; price: number; grounds: { building: string | null; grain: number }[]; admin: number }[];
  display: { card: number | null; spaces: (number | null)[] }[];
  deck: number[];
  grainArea: { barns: number[]; field: number; returnArea: number; outOfPlay: number };
  supply: Orders;
  pool: { houses: number; skyscrapers: number; admin: number; factories: number };
  docks: string[][];
  final: unknown;
  you: number | null;
  activeSeat: number | null;
  expected: string;
  freeMarkers: number[];
  availableCharacters: string[];
}
