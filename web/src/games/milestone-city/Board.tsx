import { Fragment } from 'preact';
import { Panel, SvgClickable, onlyLegal } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import { bars, boardLayout, cardName, isWater, pieceOf, tileCategory, tileName } from './catalog';
import type { MilestoneCityView } from './view';

const CELL = 30;

/**
 * Milestone city's grid: the six board pieces (face down ones greyed), water, the districts still
 * empty, and every placed tile labelled with its name. While a tile is being placed, the squares
 * where it may go (its top-left corner) are buttons.
 */
function Grid({ view, legal, onAction }: BoardProps<MilestoneCityView>) {
  const owner = new Map<number, { tile: string; index: number }>();
  view.tiles.forEach((placed, index) => placed.squares.forEach((square) => owner.set(square, { tile: placed.tile, index })));
  const emptyDistrict = new Set(view.districts.filter((d) => d.empty).flatMap((d) => d.squares));
  const { width: WIDTH, height: HEIGHT, pieceWidth: PIECE_WIDTH, pieceHeight: PIECE_HEIGHT, columns: PIECE_COLUMNS } = boardLayout();
  const squares = Array.from({ length: WIDTH * HEIGHT }, (_, square) => square);
  return (
    <svg class="mc-grid" viewBox={`0 0 ${WIDTH * CELL} ${HEIGHT * CELL}`} role="group" aria-label="City grid">
      {squares.map((square) => {
        const x = square % WIDTH;
        const y = Math.floor(square / WIDTH);
        const piece = view.pieces[pieceOf(square)];
        const placed = owner.get(square);
        const place = onlyLegal(legal, { type: 'place', x, y });
        const kind = !piece?.faceUp ? 'facedown' : placed ? `tile-${tileCategory(placed.tile)}` : isWater(square) ? 'water' : emptyDistrict.has(square) ? 'empty-district' : 'land';
        const label = placed ? `${tileName(placed.tile)} at ${x + 1},${y + 1}` : `Square ${x + 1},${y + 1}${kind === 'water' ? ' (water)' : ''}`;
        return (
          <SvgClickable key={square} label={place ? `Place the tile with its corner at ${x + 1},${y + 1}` : label} action={place} onAction={onAction}>
            <rect x={x * CELL + 1} y={y * CELL + 1} width={CELL - 2} height={CELL - 2} class={`sq ${kind}${place ? ' target' : ''}`} />
          </SvgClickable>
        );
      })}
      {view.tiles.map((placed, index) => {
        const first = Math.min(...placed.squares);
        return (
          <text key={index} x={(first % WIDTH) * CELL + 4} y={Math.floor(first / WIDTH) * CELL + 18} class="tile-label">
            {placed.tile.slice(0, 4)}
          </text>
        );
      })}
      {view.pieces.map((piece, p) => {
        // A face-down piece the starting player may develop is one button over its whole area.
        const develop = onlyLegal(legal, { type: 'choosePiece', piece: p });
        const x = (p % PIECE_COLUMNS) * PIECE_WIDTH * CELL;
        const y = Math.floor(p / PIECE_COLUMNS) * PIECE_HEIGHT * CELL;
        return (
          <g key={piece.id}>
            {develop && (
              <SvgClickable label={`Develop board piece ${piece.id} for ${piece.cost}`} action={develop} onAction={onAction}>
                <rect x={x + 2} y={y + 2} width={PIECE_WIDTH * CELL - 4} height={PIECE_HEIGHT * CELL - 4} class="piece-target" />
              </SvgClickable>
            )}
            <text x={x + 4} y={y + 12} class="piece-label">
              {piece.id}
              {piece.faceUp ? '' : ` (${piece.cost})`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function MilestoneCityBoard(props: BoardProps<MilestoneCityView>) {
  const seatLabel = useSeatName();
  const { view } = props;
  const needs = view.nextMilestone ? Object.entries(view.nextMilestone.needs) : [];
  return (
    <div class="board mc-board">
      <Panel title="City">
        <p>
          Milestone {Math.min(view.milestone + 1, view.goal)} of {view.goal}
          {view.nextMilestone && (
            <>
              : <strong>{view.nextMilestone.name}</strong> (a tile in every district{needs.map(([bar, n]) => `, ${bar} ${n}`).join('')})
            </>
          )}
          {view.result && <strong> — {view.result === 'won' ? 'the city is won' : view.result === 'bankrupt' ? 'bankrupt' : 'out of cards'}</strong>}
        </p>
        <Grid {...props} />
        <p class="muted">
          Districts without a tile: {view.districts.filter((d) => d.empty).length} of {view.districts.length} · tiles placed: {view.tiles.length} · turns:{' '}
          {view.turns}
        </p>
      </Panel>
      <Panel title="Treasury and bars">
        <dl class="bars">
          <dt>Treasury</dt>
          <dd>{view.treasury}</dd>
          {bars().names.map((bar) => (
            <Fragment key={bar}>
              <dt>{bar}</dt>
              <dd>
                <meter min={0} max={bars().max} value={view.bars[bar]} aria-label={bar} /> {view.bars[bar]}
              </dd>
            </Fragment>
          ))}
          <dt>Score</dt>
          <dd>{view.score}</dd>
        </dl>
      </Panel>
      <Panel title="Hands (open on the table)">
        <ul class="plain">
          {view.hands.map((hand, s) => (
            <li key={s} class={s === view.active ? 'to-act' : ''}>
              <strong>{seatLabel(s)}</strong>
              {s === view.active ? ' ▶' : ''}: {hand.length ? hand.map(cardName).join(', ') : 'no cards'}
            </li>
          ))}
        </ul>
        <p class="muted">
          Draw pile: {view.deckSize} · discard: {view.discard.length}
          {view.passes > 0 ? ` · passes in a row: ${view.passes}` : ''}
        </p>
        {view.pending && (
          <p>
            Being played: <strong>{cardName(view.pending.card)}</strong>
            {view.pending.tile && ` — tile ${tileName(view.pending.tile)}`}
            {view.pending.orientation !== null && `, turned ${orientationLabel(view.pending.orientation)}`}
          </p>
        )}
      </Panel>
      <Panel title="Board pieces">
        <ul class="plain inline">
          {view.pieces.map((piece) => (
            <li key={piece.id}>
              {piece.id}: {piece.faceUp ? 'developed' : `face down, costs ${piece.cost}`}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** Orientations 0–3 turn the tile by quarter turns; 4–7 turn it over first. */
export function orientationLabel(orientation: number): string {
  const turn = `${(orientation % 4) * 90}°`;
  return orientation >= 4 ? `over and ${turn}` : turn;
}
