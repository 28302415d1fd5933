import { Fragment, type ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { Panel, SvgClickable, onlyLegal } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import { bars, boardLayout, cardName, isWater, pieceArts, pieceOf, term, tileCategory, tileName } from './catalog';
import { tileLabel } from './labels';
import type { MilestoneCityView } from './view';

const CELL = 30;

/**
 * The streets printed on the face-up pieces ('|' and '-' between squares in the pieces' art): they
 * part the city into districts, so they are drawn as roads over the squares.
 */
function Streets({ faceUp }: { faceUp: boolean[] }) {
  const { pieceWidth, pieceHeight, columns } = boardLayout();
  const segments: { x1: number; y1: number; x2: number; y2: number }[] = [];
  pieceArts().forEach((art, p) => {
    if (!faceUp[p]) return;
    const left = (p % columns) * pieceWidth * CELL;
    const top = Math.floor(p / columns) * pieceHeight * CELL;
    art.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        // A '|' between two squares of a row, a '-' between two squares of a column.
        if (row[c] === '|' && r % 2 === 1) segments.push({ x1: left + (c / 2) * CELL, y1: top + ((r - 1) / 2) * CELL, x2: left + (c / 2) * CELL, y2: top + ((r + 1) / 2) * CELL });
        if (row[c] === '-' && r % 2 === 0 && c % 2 === 1) segments.push({ x1: left + ((c - 1) / 2) * CELL, y1: top + (r / 2) * CELL, x2: left + ((c + 1) / 2) * CELL, y2: top + (r / 2) * CELL });
      }
    });
  });
  return (
    <g class="streets" aria-hidden="true">
      {segments.map((segment, i) => (
        <line key={i} {...segment} />
      ))}
    </g>
  );
}

/** Height of the bands above and below the grid where the board pieces are named (grid units). */
const BAND = 13;

/**
 * Milestone city's grid: the six board pieces (face down ones greyed), water, the districts still
 * empty, and every placed tile named inside its own squares. The pieces are named in bands above
 * and below the grid, so no name covers a square. While a tile is being placed, the squares where
 * it may go (its top-left corner) are buttons.
 */
function Grid({ view, legal, onAction }: BoardProps<MilestoneCityView>) {
  const owner = new Map<number, { tile: string; index: number }>();
  view.tiles.forEach((placed, index) => placed.squares.forEach((square) => owner.set(square, { tile: placed.tile, index })));
  const emptyDistrict = new Set(view.districts.filter((d) => d.empty).flatMap((d) => d.squares));
  const { width: WIDTH, height: HEIGHT, pieceWidth: PIECE_WIDTH, pieceHeight: PIECE_HEIGHT, columns: PIECE_COLUMNS } = boardLayout();
  const pieceRows = Math.ceil(HEIGHT / PIECE_HEIGHT);
  const left = (x: number) => x * CELL;
  const top = (y: number) => BAND + y * CELL;
  const squares = Array.from({ length: WIDTH * HEIGHT }, (_, square) => square);
  return (
    <svg class="mc-grid" viewBox={`0 0 ${WIDTH * CELL} ${HEIGHT * CELL + 2 * BAND}`} role="group" aria-label={t('milestone-city.board.cityGrid')}>
      {squares.map((square) => {
        const x = square % WIDTH;
        const y = Math.floor(square / WIDTH);
        const piece = view.pieces[pieceOf(square)];
        const placed = owner.get(square);
        const place = onlyLegal(legal, { type: 'place', x, y });
        const kind = !piece?.faceUp ? 'facedown' : placed ? `tile-${tileCategory(placed.tile)}` : isWater(square) ? 'water' : emptyDistrict.has(square) ? 'empty-district' : 'land';
        const at = { x: x + 1, y: y + 1 };
        const label = placed ? t('milestone-city.board.tileAt', { tile: tileName(placed.tile), ...at }) : t(kind === 'water' ? 'milestone-city.board.squareWater' : 'milestone-city.board.square', at);
        return (
          <SvgClickable key={square} label={place ? t('milestone-city.board.placeHere', at) : label} action={place} onAction={onAction}>
            <rect x={left(x) + 1} y={top(y) + 1} width={CELL - 2} height={CELL - 2} class={`sq ${kind}${place ? ' target' : ''}`} data-tile={placed?.index} />
          </SvgClickable>
        );
      })}
      <g transform={`translate(0 ${BAND})`}>
        <Streets faceUp={view.pieces.map((piece) => piece.faceUp)} />
      </g>
      {view.tiles.map((placed, index) => {
        const label = tileLabel(
          tileName(placed.tile),
          placed.squares.map((square) => ({ x: square % WIDTH, y: Math.floor(square / WIDTH) })),
          CELL,
          left,
          top,
        );
        return (
          <text key={index} x={label.x} class="tile-label" font-size={label.size.toFixed(2)} aria-hidden="true" data-label-within={`.mc-grid rect[data-tile="${index}"]`}>
            {label.lines.map((line, i) => (
              <tspan key={i} x={label.x} y={label.baselines[i]!.toFixed(2)}>
                {line}
              </tspan>
            ))}
          </text>
        );
      })}
      {view.pieces.map((piece, p) => {
        // A face-down piece the starting player may develop is one button over its whole area.
        const develop = onlyLegal(legal, { type: 'choosePiece', piece: p });
        const row = Math.floor(p / PIECE_COLUMNS);
        const x = (p % PIECE_COLUMNS) * PIECE_WIDTH * CELL;
        const y = top(row * PIECE_HEIGHT);
        // The first row of pieces is named above the grid, the last below it (a middle row, in its corner).
        const nameY = row === 0 ? BAND - 3.5 : row === pieceRows - 1 ? top(HEIGHT) + BAND - 3.5 : y + 9;
        return (
          <g key={piece.id}>
            {develop && (
              <SvgClickable label={t('milestone-city.board.develop', { piece: term(`piece.${piece.id}`), cost: piece.cost })} action={develop} onAction={onAction}>
                <rect x={x + 2} y={y + 2} width={PIECE_WIDTH * CELL - 4} height={PIECE_HEIGHT * CELL - 4} class="piece-target" />
              </SvgClickable>
            )}
            <text x={x + 3} y={nameY} class="piece-label">
              {piece.faceUp ? term(`piece.${piece.id}`) : t('milestone-city.board.pieceLabelFaceDown', { piece: term(`piece.${piece.id}`), cost: piece.cost })}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The map fits its box (on a phone its squares are small); "Zoom in" (shown on narrow screens) draws
 * it at a readable size in a box that scrolls sideways, scrolled to where the player may act (the
 * squares or pieces that are buttons), else to the newest tile.
 */
function ZoomableMap({ children }: { children: ComponentChildren }) {
  const [zoomed, setZoomed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = box.current;
    if (!zoomed || !frame) return;
    const active = frame.querySelector('.target, .piece-target') ?? frame.querySelector('rect[data-tile]:last-of-type');
    if (!active) return;
    const shape = active.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    frame.scrollLeft += shape.left + shape.width / 2 - (view.left + view.width / 2);
  }, [zoomed]);
  return (
    <>
      <p class="mc-zoom">
        <button type="button" class="btn" aria-pressed={zoomed} onClick={() => setZoomed(!zoomed)}>
          {zoomed ? t('milestone-city.board.zoomOut') : t('milestone-city.board.zoomIn')}
        </button>
      </p>
      <div ref={box} class={`mc-scroll${zoomed ? ' zoomed' : ''}`} tabIndex={zoomed ? 0 : undefined} role="region" aria-label={t('milestone-city.board.cityMap')}>
        {children}
      </div>
    </>
  );
}

export function MilestoneCityBoard(props: BoardProps<MilestoneCityView>) {
  const seatLabel = useSeatName();
  const { view } = props;
  const needs = view.nextMilestone ? Object.entries(view.nextMilestone.needs) : [];
  return (
    <div class="board mc-board">
      <Panel title={t('milestone-city.board.panel.city')}>
        <p>
          {view.nextMilestone
            ? t('milestone-city.board.milestoneNext', {
                n: Math.min(view.milestone + 1, view.goal),
                goal: view.goal,
                name: term(`milestone.${view.milestone + 1}`),
                needs: [t('milestone-city.board.needTile'), ...needs.map(([bar, n]) => t('milestone-city.board.needBar', { bar: term(`bar.${bar}`), n: n as number }))].join(', '),
              })
            : t('milestone-city.board.milestone', { n: Math.min(view.milestone + 1, view.goal), goal: view.goal })}
          {view.result && <strong> — {t(`milestone-city.board.result.${view.result as 'won'}`)}</strong>}
        </p>
        <ZoomableMap>
          <Grid {...props} />
        </ZoomableMap>
        <p class="muted">{t('milestone-city.board.legend')}</p>
        <p class="muted">{t('milestone-city.board.districtStats', { empty: view.districts.filter((d) => d.empty).length, districts: view.districts.length, tiles: view.tiles.length, turns: view.turns })}</p>
      </Panel>
      <Panel title={t('milestone-city.board.panel.treasury')}>
        <dl class="bars">
          <dt>{t('milestone-city.board.treasury')}</dt>
          <dd>{view.treasury}</dd>
          {bars().names.map((bar) => (
            <Fragment key={bar}>
              <dt>{term(`bar.${bar}`)}</dt>
              <dd>
                <meter min={0} max={bars().max} value={view.bars[bar]} aria-label={term(`bar.${bar}`)} /> {view.bars[bar]}
              </dd>
            </Fragment>
          ))}
          <dt>{t('milestone-city.board.score')}</dt>
          <dd>{view.score}</dd>
        </dl>
      </Panel>
      <Panel title={t('milestone-city.board.panel.hands')}>
        <ul class="plain">
          {view.hands.map((hand, s) => (
            <li key={s} class={s === view.active ? 'to-act' : ''}>
              <strong>{seatLabel(s)}</strong>
              {s === view.active ? ' ▶' : ''}: {hand.length ? hand.map(cardName).join(', ') : t('milestone-city.board.noCards')}
            </li>
          ))}
        </ul>
        <p class="muted">
          {view.passes > 0
            ? t('milestone-city.board.pileCountsPasses', { deck: view.deckSize, discard: view.discard.length, passes: view.passes })
            : t('milestone-city.board.pileCounts', { deck: view.deckSize, discard: view.discard.length })}
        </p>
        {view.pending && (
          <p>
            <strong>
              {!view.pending.tile
                ? t('milestone-city.board.pending', { card: cardName(view.pending.card) })
                : view.pending.orientation === null
                  ? t('milestone-city.board.pendingTile', { card: cardName(view.pending.card), tile: tileName(view.pending.tile) })
                  : t('milestone-city.board.pendingTurned', { card: cardName(view.pending.card), tile: tileName(view.pending.tile), orientation: orientationLabel(view.pending.orientation) })}
            </strong>
          </p>
        )}
      </Panel>
      <Panel title={t('milestone-city.board.panel.pieces')}>
        <ul class="plain inline">
          {view.pieces.map((piece) => (
            <li key={piece.id}>
              {piece.faceUp ? t('milestone-city.board.pieceDeveloped', { piece: term(`piece.${piece.id}`) }) : t('milestone-city.board.pieceFaceDown', { piece: term(`piece.${piece.id}`), cost: piece.cost })}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** Orientations 0–3 turn the tile by quarter turns; 4–7 turn it over first. */
export function orientationLabel(orientation: number): string {
  return orientation === 0 ? '0°' : term(`orientation.${orientation}`);
}
