import { t } from '../../i18n';

/**
 * Where a placed tile's name is written on the city grid, and how big: inside the tile's own
 * squares, never over a street, a neighbour or another label (test/web/boards.browser.test.ts
 * measures it at 375 and 1280 px). The name goes into the biggest rectangle of the tile's squares
 * that holds it at the largest size, split into lines at its spaces as fits best.
 */

/** Largest label size, in the grid's units (a square is `cell` units wide). */
const MAX_SIZE = 9;
/** Below this size a one-square zone tile writes its zone short ("Res. 1"). */
const READABLE = 7;
/** Units kept free between a label and its squares' edges (the squares' inset and the label's white outline). */
const PAD = 2.5;
/** Line spacing in font sizes: a line's glyph box is about 1.17 font sizes high, so lines never touch. */
const LINE = 1.22;
/** Glyph box height and the baseline's place in it (font sizes), for centring lines. */
const BOX = 1.17;
const CENTRE_TO_BASELINE = 0.35;

/** Zone words as tile names begin, in the reader's language, and their short forms ("Res."). */
const ZONE_SHORT: Record<string, string> = Object.fromEntries(
  (['residential', 'commercial', 'industrial'] as const).map((zone) => [t(`milestone-city.term.category.${zone}`), t(`milestone-city.board.short.${zone}`)]),
);

let canvas: { font: string; measureText(text: string): { width: number } } | null | undefined;
const widths = new Map<string, number>();

/**
 * Width of `text` in font sizes, in the labels' bold face: measured in the page's own font (a
 * canvas), or estimated where there is no page.
 */
function textWidth(text: string): number {
  let width = widths.get(text);
  if (width !== undefined) return width;
  if (canvas === undefined) {
    const doc = (globalThis as { document?: Document }).document;
    const context = doc?.createElement('canvas').getContext('2d') ?? null;
    if (context && doc) context.font = `600 100px ${getComputedStyle(doc.body).fontFamily}`;
    canvas = context;
  }
  width = canvas ? canvas.measureText(text).width / 100 : text.length * 0.66;
  widths.set(text, width);
  return width;
}

/** Every way of writing `words` on consecutive lines (at most 8: names have up to 4 words). */
function splits(words: string[]): string[][] {
  if (words.length <= 1) return [words];
  const ways: string[][] = [];
  for (let mask = 0; mask < 1 << (words.length - 1); mask++) {
    const lines = [words[0]!];
    for (let i = 1; i < words.length; i++) {
      if (mask & (1 << (i - 1))) lines.push(words[i]!);
      else lines[lines.length - 1] += ` ${words[i]}`;
    }
    ways.push(lines);
  }
  return ways;
}

/** The rectangles (in squares) made only of the tile's squares. */
function rectangles(squares: readonly { x: number; y: number }[]): { x: number; y: number; w: number; h: number }[] {
  const has = new Set(squares.map((s) => `${s.x},${s.y}`));
  const xs = squares.map((s) => s.x);
  const ys = squares.map((s) => s.y);
  const found: { x: number; y: number; w: number; h: number }[] = [];
  for (let x0 = Math.min(...xs); x0 <= Math.max(...xs); x0++)
    for (let y0 = Math.min(...ys); y0 <= Math.max(...ys); y0++)
      for (let x1 = x0; x1 <= Math.max(...xs); x1++)
        for (let y1 = y0; y1 <= Math.max(...ys); y1++) {
          let full = true;
          for (let x = x0; x <= x1 && full; x++) for (let y = y0; y <= y1 && full; y++) full = has.has(`${x},${y}`);
          if (full) found.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 });
        }
  return found;
}

export interface TileLabel {
  /** The middle of the label, in grid units. */
  x: number;
  y: number;
  lines: string[];
  size: number;
  /** Baselines of the lines, in grid units. */
  baselines: number[];
}

/** Best fit of one wording in the tile's rectangles. */
function fit(name: string, rects: ReturnType<typeof rectangles>, cell: number) {
  let best: { lines: string[]; size: number; rect: (typeof rects)[number] } | null = null;
  for (const rect of rects) {
    for (const lines of splits(name.split(' '))) {
      const across = (rect.w * cell - 2 * PAD) / Math.max(...lines.map(textWidth));
      const down = (rect.h * cell - 2 * PAD) / ((lines.length - 1) * LINE + BOX);
      const size = Math.min(MAX_SIZE, across, down);
      // The largest size; at the same size the biggest rectangle (the label in the tile's middle), then fewer lines.
      const better = !best || size > best.size + 0.05 || (size > best.size - 0.05 && (rect.w * rect.h > best.rect.w * best.rect.h || (rect.w * rect.h === best.rect.w * best.rect.h && lines.length < best.lines.length)));
      if (better) best = { lines, size, rect };
    }
  }
  return best!;
}

/**
 * The label of a tile named `name` on `squares` (grid coordinates), on a grid of `cell` units a
 * square whose square (x, y) starts at `left(x)`, `top(y)`.
 */
export function tileLabel(name: string, squares: readonly { x: number; y: number }[], cell: number, left: (x: number) => number, top: (y: number) => number): TileLabel {
  const rects = rectangles(squares);
  let chosen = fit(name, rects, cell);
  if (chosen.size < READABLE) {
    // A small zone tile: "Res. 1" (its shape, the "(L)", is the drawing itself).
    const short = name
      .replace(/ \(.*\)$/, '')
      .split(' ')
      .map((word) => ZONE_SHORT[word] ?? word)
      .join(' ');
    const shortFit = fit(short, rects, cell);
    if (shortFit.size > chosen.size) chosen = shortFit;
  }
  const { lines, size, rect } = chosen;
  const x = left(rect.x) + (rect.w * cell) / 2;
  const y = top(rect.y) + (rect.h * cell) / 2;
  const first = y - ((lines.length - 1) * LINE * size) / 2 + CENTRE_TO_BASELINE * size;
  return { x, y, lines, size, baselines: lines.map((_, i) => first + i * LINE * size) };
}
