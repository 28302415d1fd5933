import { Panel, SvgClickable, onlyLegal } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps, GameAction } from '../types';
import { characterName, colourName, factoryColour, factoryName, factorySpaces, inventionName, territoryGrid, urbTerm, urbWords } from './catalog';
import type { UrbanizationView } from './view';

const W = 80;
const H = 70;
const TURNS = 6;
/** A building's letter on the map (the legend says them). */
const buildingLetter = (building: string): string => urbWords(`board.letter.${building}`);

/** What the seat to act is asked to do now, from the phase and the action under way (the engine's `expected`, in words). */
function expectedWords(view: UrbanizationView): string {
  const pending = view.pending as { kind: string; building?: string; mode?: string } | null;
  if (view.phase === 'placement') return urbWords(pending?.kind === 'price' ? 'action.expected.placementPrice' : 'action.expected.placement');
  if (view.phase === 'hire' || view.phase === 'steam' || view.phase === 'over') return urbWords(`action.expected.${view.phase}`);
  if (!pending) return urbWords('action.expected.start');
  switch (pending.kind) {
    case 'erect':
      return urbWords(pending.building === 'admin' ? 'action.expected.erectAdmin' : pending.building === 'house' ? 'action.expected.erectHouse' : 'action.expected.erectSkyscraper');
    case 'trade':
      return urbWords(pending.mode === 'buy' ? 'action.expected.buyGrain' : 'action.expected.sellGrain');
    default:
      return urbWords(`action.expected.${pending.kind}`);
  }
}

/** The territory actions a click on a triangle means, when only one of them is legal there. */
const TERRITORY_ACTIONS = ['place', 'movePrice', 'swapPrice', 'buyLand'];

function territoryAction(legal: readonly GameAction[] | undefined, id: number): GameAction | undefined {
  const here = (legal ?? []).filter((a) => TERRITORY_ACTIONS.includes(a.type) && a.territory === id);
  return here.length === 1 ? here[0] : undefined;
}

/**
 * The building area: 24 triangles in 4 rows of 6 (triangle (r, c) points up when r + c is even),
 * each showing its owner, price marker, buildings, seeds and administrative buildings.
 */
function Territories({ view, legal, onAction }: BoardProps<UrbanizationView>) {
  const seatName = useSeatName();
  return (
    <svg class="urb-map" viewBox={`0 0 ${((territoryGrid().columns + 1) * W) / 2} ${territoryGrid().rows * H}`} role="group" aria-label={urbWords('board.map')}>
      {view.territories.map((t) => {
        const r = Math.floor(t.id / territoryGrid().columns);
        const c = t.id % territoryGrid().columns;
        const up = (r + c) % 2 === 0;
        const x = (c * W) / 2;
        const y = r * H;
        const points = up ? `${x},${y + H} ${x + W / 2},${y} ${x + W},${y + H}` : `${x},${y} ${x + W},${y} ${x + W / 2},${y + H}`;
        const cy = up ? y + H * 0.62 : y + H * 0.38;
        const buildings = t.grounds.map((g) => (g.building ? buildingLetter(g.building) : g.grain ? `${g.grain}●` : '·')).join(' ');
        const action = territoryAction(legal, t.id);
        const grounds = t.grounds.map((g) => (g.building ? urbTerm(`building.${g.building}`) : g.grain ? urbWords('board.ground.seeds', { n: g.grain }) : urbWords('board.ground.empty'))).join(', ');
        const label = t.covered
          ? urbWords('board.territory.covered', { id: t.id })
          : t.owner === null
            ? urbWords('board.territory.forSale', { id: t.id, price: t.price, grounds })
            : urbWords('board.territory.owned', { id: t.id, player: seatName(t.owner), grounds, admin: t.admin });
        return (
          // The drawn words sit beside the clickable shape, not in it: a button's visible text must be
          // part of its name, and the name says more than "3 $2" (axe: label-content-name-mismatch).
          <g key={t.id}>
            <SvgClickable label={action ? urbWords('board.territory.target', { action: urbWords(`action.target.${action.type}`), territory: label }) : label} action={action} onAction={onAction}>
              <polygon points={points} class={`territory ${t.covered ? 'covered' : t.owner === null ? 'free' : `seat-${t.owner}`}${action ? ' target' : ''}`} />
            </SvgClickable>
            {!t.covered && (
              <g aria-hidden="true" class="svg-words">
                <text x={x + W / 2} y={cy - 6} class="t-id">
                  {t.id}
                  {t.owner === null && t.price > 0 ? ` $${t.price}` : ''}
                </text>
                <text x={x + W / 2} y={cy + 9} class="t-build">
                  {buildings}
                  {t.admin ? ` ${urbWords('board.letter.admin', { n: t.admin })}` : ''}
                </text>
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The territories' fill colour of each player (the map's key), as drawn: a swatch of the same shape style, the name, the colour in words. */
function ColourKey({ seats }: { seats: number }) {
  const seatName = useSeatName();
  return (
    <ul class="urb-key plain" aria-label={urbWords('board.colourKey')} data-testid="colour-key">
      {Array.from({ length: seats }, (_, seat) => (
        <li key={seat}>
          <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
            <rect class={`territory seat-${seat}`} x="1" y="1" width="14" height="14" />
          </svg>
          {urbWords('board.seatColour', { player: seatName(seat), colour: urbWords(`board.seatColour.${seat}`) })}
        </li>
      ))}
      <li>
        <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
          <rect class="territory free" x="1" y="1" width="14" height="14" />
        </svg>
        {urbWords('board.forSale')}
      </li>
      <li>
        <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
          <rect class="territory covered" x="1" y="1" width="14" height="14" />
        </svg>
        {urbWords('board.covered')}
      </li>
    </ul>
  );
}

function Orders(props: { orders: Record<string, number> }) {
  return (
    <span>
      {(['white', 'grey', 'orange'] as const).map((colour) => (
        <span key={colour} class={`order order-${colour}`}>
          {urbWords('board.orders', { count: props.orders[colour] ?? 0, colour: colourName(colour) })}{' '}
        </span>
      ))}
    </span>
  );
}

export function UrbanizationBoard(props: BoardProps<UrbanizationView>) {
  const seatLabel = useSeatName();
  const { view, legal, onAction } = props;
  return (
    <div class="board urb-board">
      <Panel title={urbWords('board.status')}>
        <p>
          {view.phase === 'over' ? urbWords('board.gameOver') : urbWords(`board.turn.${view.phase}`, { turn: view.turn, turns: TURNS, phase: view.actionPhase })}
          {view.activeSeat !== null && ` · ${urbWords('board.toAct', { player: seatLabel(view.activeSeat) })}`}
        </p>
        {view.activeSeat !== null && <p class="muted">{expectedWords(view)}</p>}
      </Panel>
      <Panel title={urbWords('board.territories')}>
        <Territories {...props} />
        <p class="muted">{urbWords('board.legend')}</p>
        <ColourKey seats={view.players.length} />
      </Panel>
      <Panel title={urbWords('board.factoryMarket')}>
        <ol class="card-row">
          {view.display.map((slot, i) => {
            const attract = onlyLegal(legal, { type: 'attractIndustry', slot: i, industryBoss: false });
            return (
              <li key={i} class={`card ${slot.card ? `order-${factoryColour(slot.card)}` : ''}`}>
                <span class="card-title">{factoryName(slot.card)}</span>
                {slot.card !== null && (
                  <span class="muted">
                    {factorySpaces(slot.card)
                      .map((space, s) =>
                        slot.spaces[s] !== null && slot.spaces[s] !== undefined
                          ? urbWords('board.orderSpaceTaken', { count: space.count, colour: colourName(space.colour), player: seatLabel(slot.spaces[s]!) })
                          : urbWords('board.orderSpace', { count: space.count, colour: colourName(space.colour) }),
                      )
                      .join(' · ')}
                  </span>
                )}
                {attract && onAction && (
                  <button type="button" onClick={() => onAction(attract)}>
                    {urbWords('action.attractButton')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          {view.deck.length > 0
            ? urbWords('board.nextFactories', { factories: view.deck.slice(0, 3).map(factoryName).join(', '), count: view.deck.length })
            : urbWords('board.nextFactoriesNone', { count: view.deck.length })}
        </p>
      </Panel>
      <Panel title={urbWords('board.markets')}>
        <p>{urbWords('board.grain', { barns: view.grainArea.barns.join(' / '), field: view.grainArea.field })}</p>
        <p>
          {urbWords('board.supply')} <Orders orders={view.supply} />
        </p>
        <p class="muted">{urbWords('board.pool', { houses: view.pool.houses, skyscrapers: view.pool.skyscrapers, admin: view.pool.admin, factories: view.pool.factories })}</p>
      </Panel>
      {view.options.inventions && (
        <Panel title={urbWords('board.inventions')}>
          <ol class="plain inline">
            {view.docks.map((dock, i) => (
              <li key={i}>
                {i + 1}: {dock.length ? dock.map(inventionName).join(', ') : '—'}
              </li>
            ))}
          </ol>
        </Panel>
      )}
      <Panel title={urbWords('board.playerBoards')}>
        <div class="table-scroll stack-when-narrow" tabIndex={0} role="region" aria-label={urbWords('board.scoresTable')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{urbWords('board.column.seat')}</th>
                <th scope="col">{urbWords('board.column.money')}</th>
                <th scope="col">{urbWords('board.column.points')}</th>
                <th scope="col">{urbWords('board.column.grain')}</th>
                <th scope="col">{urbWords('board.column.orders')}</th>
                <th scope="col">{urbWords('board.column.citizens')}</th>
                <th scope="col">{urbWords('board.column.character')}</th>
                <th scope="col">{urbWords('board.column.factories')}</th>
                <th scope="col">{urbWords('board.column.markers')}</th>
              </tr>
            </thead>
            <tbody>
              {view.players.map((p, s) => (
                <tr key={s} class={`seat-row-${s} ${s === view.activeSeat ? 'to-act' : ''}`}>
                  <th scope="row">
                    {p.mayor ? urbWords('board.mayor', { player: seatLabel(s) }) : seatLabel(s)}
                    {s === view.activeSeat ? ' ▶' : ''}
                  </th>
                  <td data-label={urbWords('board.column.money')}>${p.money}</td>
                  <td data-label={urbWords('board.column.points')}>{p.points}</td>
                  <td data-label={urbWords('board.column.grain')}>{p.grain}</td>
                  <td data-label={urbWords('board.column.orders')}>
                    <Orders orders={p.orders} />
                  </td>
                  <td data-label={urbWords('board.column.citizens')}>
                    {p.citizens} / {p.taxLine}
                  </td>
                  <td data-label={urbWords('board.column.character')}>{p.character ? (p.characterUsed ? urbWords('board.used', { character: characterName(p.character) }) : characterName(p.character)) : '—'}</td>
                  <td data-label={urbWords('board.column.factories')}>{p.factories.map((f) => factoryName(f.cards[f.cards.length - 1] ?? null)).join(', ') || '—'}</td>
                  <td data-label={urbWords('board.column.markers')}>{view.freeMarkers[s]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {view.players.some((p) => p.inventions.length > 0) && (
          <ul class="plain">
            {view.players.map((p, s) =>
              p.inventions.length ? (
                <li key={s}>
                  {urbWords('board.playerInventions', { player: seatLabel(s), inventions: p.inventions.map(inventionName).join(', ') })}
                </li>
              ) : null,
            )}
          </ul>
        )}
      </Panel>
    </div>
  );
}
