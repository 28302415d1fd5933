import { LAYOUT_COLS, LAYOUT_ROWS, PIECES, PIECE_H, PIECE_W, TILES, type TileType } from './data.js';

/**
 * Board geometry derived once from data.ts: the global grid of squares, water, streets between
 * squares, piece adjacency and tile orientations. Pure functions of the data, no game state.
 * A square is a number `y * WIDTH + x`.
 */
export const WIDTH = PIECE_W * LAYOUT_COLS;
export const HEIGHT = PIECE_H * LAYOUT_ROWS;
export const SQUARES = WIDTH * HEIGHT;

const artAt = (art: readonly string[], row: number, col: number): string => art[row]?.[col] ?? ' ';

export const pieceOf = (square: number): number => {
  const x = square % WIDTH;
  const y = Math.floor(square / WIDTH);
  return Math.floor(y / PIECE_H) * LAYOUT_COLS + Math.floor(x / PIECE_W);
};

function localArt(x: number, y: number): { art: readonly string[]; lx: number; ly: number } {
  const piece = PIECES[Math.floor(y / PIECE_H) * LAYOUT_COLS + Math.floor(x / PIECE_W)]!;
  return { art: piece.art, lx: x % PIECE_W, ly: y % PIECE_H };
}

/** Water squares (the same on both sides of a piece, as the fragment says). */
export const WATER: readonly boolean[] = Array.from({ length: SQUARES }, (_, s) => {
  const { art, lx, ly } = localArt(s % WIDTH, Math.floor(s / WIDTH));
  return artAt(art, 2 * ly + 1, 2 * lx + 1) === '~';
});

/** Street between (x, y) and (x + 1, y). */
function streetRight(x: number, y: number): boolean {
  const { art, lx, ly } = localArt(x, y);
  if (artAt(art, 2 * ly + 1, 2 * lx + 2) === '|') return true;
  if (lx === PIECE_W - 1) {
    const next = localArt(x + 1, y);
    return artAt(next.art, 2 * next.ly + 1, 0) === '|';
  }
  return false;
}

/** Street between (x, y) and (x, y + 1). */
function streetDown(x: number, y: number): boolean {
  const { art, lx, ly } = localArt(x, y);
  if (artAt(art, 2 * ly + 2, 2 * lx + 1) === '-') return true;
  if (ly === PIECE_H - 1) {
    const next = localArt(x, y + 1);
    return artAt(next.art, 0, 2 * next.lx + 1) === '-';
  }
  return false;
}

/** For each square, the orthogonal neighbours not cut off by a street (inside the grid). */
export const LINKS: readonly (readonly number[])[] = Array.from({ length: SQUARES }, (_, s) => {
  const x = s % WIDTH;
  const y = Math.floor(s / WIDTH);
  const out: number[] = [];
  if (y > 0 && !streetDown(x, y - 1)) out.push(s - WIDTH);
  if (x > 0 && !streetRight(x - 1, y)) out.push(s - 1);
  if (x < WIDTH - 1 && !streetRight(x, y)) out.push(s + 1);
  if (y < HEIGHT - 1 && !streetDown(x, y)) out.push(s + WIDTH);
  return out;
});

export const linked = (a: number, b: number): boolean => LINKS[a]!.includes(b);

/** Pieces sharing a side with each piece. */
export const PIECE_NEIGHBOURS: readonly (readonly number[])[] = PIECES.map((_, p) => {
  const col = p % LAYOUT_COLS;
  const row = Math.floor(p / LAYOUT_COLS);
  const out: number[] = [];
  if (row > 0) out.push(p - LAYOUT_COLS);
  if (col > 0) out.push(p - 1);
  if (col < LAYOUT_COLS - 1) out.push(p + 1);
  if (row < LAYOUT_ROWS - 1) out.push(p + LAYOUT_COLS);
  return out;
});

export interface District {
  /** Smallest square of the district: a stable id. */
  id: number;
  squares: number[];
}

/**
 * Districts per face-up pattern, computed once: a pattern has one answer, and engines asked for it
 * on every move (legal actions, placement, views). Frozen, as every caller shares them.
 */
const DISTRICTS = new Map<string, readonly District[]>();
const DISTRICT_MAPS = new Map<string, readonly number[]>();
const patternKey = (faceUp: readonly boolean[]): string => faceUp.map((up) => (up ? '1' : '0')).join('');

/** Districts of the face-up board: areas bounded by streets and the edge of the face-up pieces (water included). */
export function districtsOf(faceUp: readonly boolean[]): readonly District[] {
  const key = patternKey(faceUp);
  let districts = DISTRICTS.get(key);
  if (!districts) {
    districts = Object.freeze(findDistricts(faceUp).map((district) => Object.freeze({ id: district.id, squares: Object.freeze(district.squares) as number[] })));
    DISTRICTS.set(key, districts);
  }
  return districts;
}

function findDistricts(faceUp: readonly boolean[]): District[] {
  const seen = new Array<boolean>(SQUARES).fill(false);
  const out: District[] = [];
  for (let start = 0; start < SQUARES; start++) {
    if (seen[start] || !faceUp[pieceOf(start)]) continue;
    const squares: number[] = [];
    const stack = [start];
    seen[start] = true;
    while (stack.length > 0) {
      const s = stack.pop()!;
      squares.push(s);
      for (const n of LINKS[s]!) {
        if (!seen[n] && faceUp[pieceOf(n)]) {
          seen[n] = true;
          stack.push(n);
        }
      }
    }
    squares.sort((a, b) => a - b);
    out.push({ id: squares[0]!, squares });
  }
  return out;
}

/** District id for every square (-1 on face-down pieces). */
export function districtMap(faceUp: readonly boolean[]): readonly number[] {
  const key = patternKey(faceUp);
  let map = DISTRICT_MAPS.get(key);
  if (!map) {
    const squares = new Array<number>(SQUARES).fill(-1);
    for (const district of districtsOf(faceUp)) for (const s of district.squares) squares[s] = district.id;
    map = Object.freeze(squares);
    DISTRICT_MAPS.set(key, map);
  }
  return map;
}

export type Shape = ReadonlyArray<readonly [number, number]>;

/** The 8 ways to lay a tile (4 rotations, then the same turned over), normalised to start at 0,0. */
export function orient(cells: Shape, orientation: number): Array<[number, number]> {
  const turned = cells.map(([x, y]): [number, number] => (orientation >= 4 ? [-x, y] : [x, y]));
  const rotated = turned.map(([x, y]): [number, number] => {
    switch (orientation % 4) {
      case 1: return [-y, x];
      case 2: return [-x, -y];
      case 3: return [y, -x];
      default: return [x, y];
    }
  });
  const minX = Math.min(...rotated.map(([x]) => x));
  const minY = Math.min(...rotated.map(([, y]) => y));
  return rotated
    .map(([x, y]): [number, number] => [x - minX, y - minY])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Orientation indices giving distinct footprints for a tile (the first index of each). */
const DISTINCT = new Map<string, number[]>();
export function distinctOrientations(tile: TileType): number[] {
  const known = DISTINCT.get(tile.id);
  if (known) return known;
  const seen: string[] = [];
  const out: number[] = [];
  for (let o = 0; o < 8; o++) {
    const key = JSON.stringify(orient(tile.cells, o));
    if (!seen.includes(key)) {
      seen.push(key);
      out.push(o);
    }
  }
  DISTINCT.set(tile.id, out);
  return out;
}

/** Squares a tile covers with its footprint's top-left corner at (x, y), or null past the grid. */
const ORIENTED = new Map<string, Array<Array<[number, number]>>>();
function oriented(tile: TileType, orientation: number): Array<[number, number]> {
  let all = ORIENTED.get(tile.id);
  if (!all) {
    all = Array.from({ length: 8 }, (_, o) => orient(tile.cells, o));
    ORIENTED.set(tile.id, all);
  }
  return all[orientation] ?? [];
}

export function footprint(tile: TileType, orientation: number, x: number, y: number): number[] | null {
  const out: number[] = [];
  for (const [dx, dy] of oriented(tile, orientation)) {
    const cx = x + dx;
    const cy = y + dy;
    if (cx < 0 || cy < 0 || cx >= WIDTH || cy >= HEIGHT) return null;
    out.push(cy * WIDTH + cx);
  }
  return out;
}

export const tileIndex = (id: string): number => TILES.findIndex((tile) => tile.id === id);
export const tileById = (id: string): TileType | undefined => TILES.find((tile) => tile.id === id);
