import { Panel, SvgClickable, onlyLegal, words } from '../shared';
import { useSeatName } from '../names';
import { withoutActionNames } from '../words';
import type { BoardProps, GameAction } from '../types';
import { factoryColour, factoryName, factorySpaces, inventionName, territoryGrid } from './catalog';
import type { UrbanizationView } from './view';

const W = 80;
const H = 70;
const BUILDING_LETTER: Record<string, string> = { house: 'H', skyscraper: 'S', factory: 'F' };

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
    <svg class="urb-map" viewBox={`0 0 ${((territoryGrid().columns + 1) * W) / 2} ${territoryGrid().rows * H}`} role="group" aria-label="Territory map">
      {view.territories.map((t) => {
        const r = Math.floor(t.id / territoryGrid().columns);
        const c = t.id % territoryGrid().columns;
        const up = (r + c) % 2 === 0;
        const x = (c * W) / 2;
        const y = r * H;
        const points = up ? `${x},${y + H} ${x + W / 2},${y} ${x + W},${y + H}` : `${x},${y} ${x + W},${y} ${x + W / 2},${y + H}`;
        const cy = up ? y + H * 0.62 : y + H * 0.38;
        const buildings = t.grounds.map((g) => (g.building ? BUILDING_LETTER[g.building] : g.grain ? `${g.grain}●` : '·')).join(' ');
        const owner = t.covered ? 'covered' : t.owner === null ? `for sale at ${t.price}` : `owned by ${seatName(t.owner)}`;
        const action = territoryAction(legal, t.id);
        const label = `Territory ${t.id}: ${owner}; grounds ${t.grounds.map((g) => g.building ?? (g.grain ? `${g.grain} seed` : 'empty')).join(', ')}${t.admin ? `; ${t.admin} admin` : ''}`;
        return (
          // The drawn words sit beside the clickable shape, not in it: a button's visible text must be
          // part of its name, and the name says more than "3 $2" (axe: label-content-name-mismatch).
          <g key={t.id}>
            <SvgClickable label={action ? `${words(action.type)} — ${label}` : label} action={action} onAction={onAction}>
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
                  {t.admin ? ` A${t.admin}` : ''}
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
const SEAT_COLOUR_WORDS = ['blue', 'red', 'green', 'purple'];

function ColourKey({ seats }: { seats: number }) {
  const seatName = useSeatName();
  return (
    <ul class="urb-key plain" aria-label="Player colours on the map" data-testid="colour-key">
      {Array.from({ length: seats }, (_, seat) => (
        <li key={seat}>
          <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
            <rect class={`territory seat-${seat}`} x="1" y="1" width="14" height="14" />
          </svg>
          {seatName(seat)}: {SEAT_COLOUR_WORDS[seat] ?? `colour ${seat + 1}`}
        </li>
      ))}
      <li>
        <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
          <rect class="territory free" x="1" y="1" width="14" height="14" />
        </svg>
        for sale
      </li>
      <li>
        <svg class="urb-swatch" viewBox="0 0 16 16" aria-hidden="true">
          <rect class="territory covered" x="1" y="1" width="14" height="14" />
        </svg>
        covered (not in play)
      </li>
    </ul>
  );
}

function Orders(props: { orders: Record<string, number> }) {
  return (
    <span>
      {(['white', 'grey', 'orange'] as const).map((colour) => (
        <span key={colour} class={`order order-${colour}`}>
          {props.orders[colour]} {colour}{' '}
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
      <Panel title="Status">
        <p>
          {view.phase === 'over' ? 'Game over' : `Turn ${view.turn} of 6 · ${view.phase === 'actions' ? `action phase ${view.actionPhase}` : `${view.phase} phase`}`}
          {view.activeSeat !== null && ` · ${seatLabel(view.activeSeat)} to act`}
        </p>
        {view.activeSeat !== null && <p class="muted">{withoutActionNames(view.expected)}</p>}
      </Panel>
      <Panel title="Territories">
        <Territories {...props} />
        <p class="muted">H house · S skyscraper · F factory · ● seeds · A administrative building · $ land price</p>
        <ColourKey seats={view.players.length} />
      </Panel>
      <Panel title="Factory market">
        <ol class="card-row">
          {view.display.map((slot, i) => {
            const attract = onlyLegal(legal, { type: 'attractIndustry', slot: i, industryBoss: false });
            return (
              <li key={i} class={`card ${slot.card ? `order-${factoryColour(slot.card)}` : ''}`}>
                <span class="card-title">{factoryName(slot.card)}</span>
                {slot.card !== null && (
                  <span class="muted">
                    {factorySpaces(slot.card)
                      .map((space, s) => `${space.count} ${space.colour}${slot.spaces[s] !== null && slot.spaces[s] !== undefined ? ` (${seatLabel(slot.spaces[s]!)})` : ''}`)
                      .join(' · ')}
                  </span>
                )}
                {attract && onAction && (
                  <button type="button" onClick={() => onAction(attract)}>
                    Attract
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          Next factories: {view.deck.slice(0, 3).map(factoryName).join(', ') || 'none'} ({view.deck.length} in the deck)
        </p>
      </Panel>
      <Panel title="Markets and supply">
        <p>
          Grain: barns {view.grainArea.barns.join(' / ')} · field {view.grainArea.field}
        </p>
        <p>
          Work orders in the supply: <Orders orders={view.supply} />
        </p>
        <p class="muted">
          Pool: {view.pool.houses} houses, {view.pool.skyscrapers} skyscrapers, {view.pool.admin} admin, {view.pool.factories} factories
        </p>
      </Panel>
      {view.options.inventions && (
        <Panel title="Inventions">
          <ol class="plain inline">
            {view.docks.map((dock, i) => (
              <li key={i}>
                {i + 1}: {dock.length ? dock.map(inventionName).join(', ') : '—'}
              </li>
            ))}
          </ol>
        </Panel>
      )}
      <Panel title="Player boards">
        <div class="table-scroll stack-when-narrow" tabIndex={0} role="region" aria-label="Scores table">
          <table class="data">
            <thead>
              <tr>
                <th scope="col">Seat</th>
                <th scope="col">Money</th>
                <th scope="col">Points</th>
                <th scope="col">Grain</th>
                <th scope="col">Work orders</th>
                <th scope="col">Citizens / tax line</th>
                <th scope="col">Character</th>
                <th scope="col">Factories</th>
                <th scope="col">Free markers</th>
              </tr>
            </thead>
            <tbody>
              {view.players.map((p, s) => (
                <tr key={s} class={`seat-row-${s} ${s === view.activeSeat ? 'to-act' : ''}`}>
                  <th scope="row">
                    {seatLabel(s)}
                    {p.mayor ? ' (mayor)' : ''}
                    {s === view.activeSeat ? ' ▶' : ''}
                  </th>
                  <td data-label="Money">${p.money}</td>
                  <td data-label="Points">{p.points}</td>
                  <td data-label="Grain">{p.grain}</td>
                  <td data-label="Work orders">
                    <Orders orders={p.orders} />
                  </td>
                  <td data-label="Citizens / tax line">
                    {p.citizens} / {p.taxLine}
                  </td>
                  <td data-label="Character">{p.character ? `${words(p.character)}${p.characterUsed ? ' (used)' : ''}` : '—'}</td>
                  <td data-label="Factories">{p.factories.map((f) => factoryName(f.cards[f.cards.length - 1] ?? null)).join(', ') || '—'}</td>
                  <td data-label="Free markers">{view.freeMarkers[s]}</td>
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
                  {seatLabel(s)} inventions: {p.inventions.map(inventionName).join(', ')}
                </li>
              ) : null,
            )}
          </ul>
        )}
      </Panel>
    </div>
  );
}
