/**
 * The guild town view as the API sends it. Its OpenAPI component is still an untyped object, so
 * this is the part of the engine's view the board reads (src/games/guild-town/view.ts).
 */
export interface GuildTownView {
  viewer: number | null;
  year: number;
  season: number;
  phase: 'swap' | 'helpers' | 'guilds' | 'discard' | 'invest' | 'over';
  guildsThisSeason: string[];
  active: number[];
  order: number[];
  moneyRow: (number | null)[];
  moneyDeckCount: number;
  moneyDiscardCount: number;
  rows: Record<'basic' | 'expanded' | 'advanced', (number | null)[]>;
  pileCounts: Record<'basic' | 'expanded' | 'advanced', number>;
  players: {
    seat: number;
    points: number;
    town: { card: number; slots: boolean[] }[];
    supply: number;
    market: number;
    privTokens: number;
    workTokens: number;
    helpers: number;
    passed: boolean;
    bonus: string[];
    moneyCount: number;
    handCount: number;
  }[];
  myMoney: { id: number; colour: number; value: number }[] | null;
  myHand: number[] | null;
  guilds: { guild: string; spaces: { seat: number; priv: boolean }[][] }[];
  storehouse: number[][];
  ships: number[][][];
  bonusTaken: (number | null)[];
  privBank: number;
  workBank: number;
  stage: string | null;
  turn: { seat: number; guild: string; gold: boolean; privUsed: boolean; wp: number; freeRaw: number; prompt: { kind: string; [key: string]: unknown } } | null;
  auction: { row: string; slot: number; card: number; high: number; highSeat: number; toAct: number; opening: boolean; mayor: number | null } | null;
  final: { seat: number; points: number; bonus: number; moneyCards: number }[] | null;
}
