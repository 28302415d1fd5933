import { count, onlyLegal, Panel, words } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import { SEASONS, buildingCard, buildingName, buildingShortName, buyPriceWords, colourOf, coverCost, finalGoods, guildNames, moneyColour, moneyName, owedLine, shipGoods, spaceName, storeGoods } from './catalog';
import type { GuildTownView } from './view';

const ROWS = ['basic', 'expanded', 'advanced'] as const;

/** What the seat at a guild is asked for now. */
const PROMPTS: Record<string, string> = {
  main: 'takes the guild action',
  bankDiscard: 'discards money cards',
  build: 'raises buildings',
  pay: 'pays',
  notaryAfter: 'finishes at the notary',
  look: 'looks at five buildings',
  hall: 'chooses at the town hall',
};

/** A cube or helper of a seat (its colour and initial), or a natural cube (-1). */
function Token({ owner, name, priv = false }: { owner: number; name: (seat: number) => string; priv?: boolean }) {
  const who = owner < 0 ? 'natural cube' : `${name(owner)}${priv ? ' (privilege)' : ''}`;
  return (
    <span class={`gt-token ${owner < 0 ? 'natural' : `seat-colour-${owner}`}${priv ? ' priv' : ''}`} title={who} role="img" aria-label={who}>
      {owner < 0 ? '' : name(owner).charAt(0).toUpperCase()}
    </span>
  );
}

/** A building card as printed: its two colours as bands, name, product ← inputs, points; in the market its price. */
function BuildingCard({ id, slots, price }: { id: number; slots?: boolean[]; price?: string }) {
  const card = buildingCard(id);
  if (!card) return <span class="gt-card">{buildingShortName(id)}</span>;
  return (
    <span class={`gt-card top-${colourOf(card.top)} bottom-${colourOf(card.bottom)}`} title={buildingName(id)}>
      <span class="gt-card-name">{card.name}</span>
      <span class="gt-card-recipe">{card.inputs.length ? `${card.product} ← ${card.inputs.join(' + ')}` : card.product}</span>
      <span class="gt-card-foot">
        {colourOf(card.top)}/{colourOf(card.bottom)} · {card.points} {card.points === 1 ? 'point' : 'points'}
        {slots && slots.some(Boolean) ? ` · ${slots.filter(Boolean).length} cube${slots.filter(Boolean).length === 1 ? '' : 's'} on it` : ''}
      </span>
      {price && <span class="gt-card-price" data-testid="price">{price}</span>}
    </span>
  );
}

/**
 * Under a full track: for each space a helper may be stacked on at a price, what each way of
 * paying costs ("space 2: covering costs a money card or 1 point, given to bob").
 */
function CoverCosts({ spaces, view, seat, name }: { spaces: GuildTownView['guilds'][number]['spaces']; view: GuildTownView; seat: number | null; name: (seat: number) => string }) {
  const lines = spaces
    .map((_, s) => [s, coverCost(view, spaces, s, seat, name)] as const)
    .filter(([, cover]) => cover?.paid)
    .map(([s, cover]) => `${spaceName(s, spaces.length)}: ${cover!.words}`);
  if (!lines.length) return null;
  return (
    <ul class="gt-cover plain" data-testid="cover-costs">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export function GuildTownBoard({ view, seat, legal, onAction }: BoardProps<GuildTownView>) {
  const seatLabel = useSeatName();
  return (
    <div class="board gt-board">
      <Panel title="Season">
        <p>
          Year {view.year}, {SEASONS[view.season] ?? `season ${view.season + 1}`} · {words(view.phase)} phase
          {view.stage ? ` · stage: ${view.stage}` : ''}
        </p>
        <p class="muted">Order: {view.order.map((s) => seatLabel(s)).join(' → ')}</p>
        {view.turn && (
          <p>
            {seatLabel(view.turn.seat)} at the {words(view.turn.guild).toLowerCase()}
            {view.turn.gold ? ' (gold space)' : ''}: {PROMPTS[view.turn.prompt.kind] ?? words(view.turn.prompt.kind).toLowerCase()}
            {view.turn.wp ? ` · ${view.turn.wp} work points` : ''}
            {view.turn.prompt.kind === 'pay' && view.turn.prompt.buying && ` · buying ${buildingShortName(view.turn.prompt.buying.card)}`}
            {owedLine(view) !== null && <strong data-testid="owed"> · {owedLine(view)}</strong>}
          </p>
        )}
        {view.auction && (
          <p>
            Auction of {buildingShortName(view.auction.card)}: highest bid {view.auction.high} by {seatLabel(view.auction.highSeat)}
            {view.auction.mayor !== null ? ` · mayor ${view.auction.mayor}` : ''}
          </p>
        )}
      </Panel>
      <Panel title="Guild board">
        <ul class="guilds">
          {view.guilds.map((g, gi) => (
            <li key={g.guild} class={`guild ${view.stage === g.guild ? 'current' : ''} ${view.guildsThisSeason.includes(g.guild) ? '' : 'closed'}`}>
              <strong>{words(g.guild)}</strong>
              {!view.guildsThisSeason.includes(g.guild) && <span class="muted"> (closed this season)</span>}
              <ol class="gt-track">
                {g.spaces.map((stack, s) => {
                  // On a full track: what stacking a helper on this space costs the viewer (a card or points, or nothing).
                  const cover = coverCost(view, g.spaces, s, seat, seatLabel);
                  const place = `${spaceName(s, g.spaces.length)}: ${stack.length ? stack.map((h) => seatLabel(h.seat)).join(', ') : 'empty'}${cover ? `; ${cover.words}` : ''}`;
                  // A space a helper may be sent to in exactly one way is a button (Tab, Enter); the rest are in the action buttons.
                  const send = onAction ? onlyLegal(legal, { type: 'send', guild: gi, space: s }) : undefined;
                  const tokens = stack.map((h, i) => <Token key={i} owner={h.seat} priv={h.priv} name={seatLabel} />);
                  return (
                    <li key={s} class={`gt-space ${s === 0 ? 'gold' : s === g.spaces.length - 1 ? 'silver' : ''}${send ? ' target' : ''}`} aria-label={send ? undefined : place} title={place}>
                      {send ? (
                        <button type="button" class="gt-space-button" aria-label={`Send a helper to the ${guildNames[gi]}, ${place}`} onClick={() => onAction!(send)}>
                          {tokens}
                        </button>
                      ) : (
                        tokens
                      )}
                    </li>
                  );
                })}
              </ol>
              <CoverCosts spaces={g.spaces} view={view} seat={seat} name={seatLabel} />
            </li>
          ))}
        </ul>
        <p class="muted">
          Gold space first, silver space last. Bank: {view.privBank} privilege tokens, {view.workBank} work tokens
        </p>
      </Panel>
      <Panel title="Market">
        <p>
          Money row: {view.moneyRow.map((id, i) => (id === null ? <span key={i}>— </span> : <span key={i} class={`money gt-${moneyColour(id)}`}>{moneyName(id)} </span>))}
          <span class="muted">
            {' '}
            (deck {view.moneyDeckCount}, discard {view.moneyDiscardCount})
          </span>
        </p>
        <ul class="plain">
          {ROWS.map((row) => (
            <li key={row}>
              {words(row)} buildings <span class="muted">(pile {view.pileCounts[row]})</span>
              <div class="gt-cards">{view.rows[row].map((id, i) => (id === null ? <span key={i} class="gt-card empty">empty</span> : <BuildingCard key={i} id={id} price={`Buy: ${buyPriceWords(id, view.myMoney)}`} />))}</div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Storehouse and ships">
        <h4>Storehouse</h4>
        <ul class="gt-store">
          {storeGoods().map((good, i) => (
            <li key={good}>
              <span class="gt-good">{good}</span>
              {(view.storehouse[i] ?? []).length ? (view.storehouse[i] ?? []).map((m, k) => <Token key={k} owner={m} name={seatLabel} />) : <span class="muted">empty</span>}
            </li>
          ))}
        </ul>
        <h4>Ships</h4>
        <ol class="gt-ships">
          {view.ships.map((ship, s) => {
            const loaded = shipGoods().map((good, g) => [good, ship[g] ?? []] as const).filter(([, ms]) => ms.some((m) => m >= 0));
            return (
              <li key={s} class="gt-ship">
                <span class="gt-ship-name">Ship {s + 1}</span>
                {loaded.length ? (
                  loaded.map(([good, ms]) => (
                    <span key={good} class="gt-cargo">
                      {good} {ms.filter((m) => m >= 0).map((m, k) => <Token key={k} owner={m} name={seatLabel} />)}
                    </span>
                  ))
                ) : (
                  <span class="muted">empty</span>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          Bonus tokens taken:{' '}
          {finalGoods().map((good, f) => (view.bonusTaken[f] === null || view.bonusTaken[f] === undefined ? null : `${good} (${seatLabel(view.bonusTaken[f]!)})`))
            .filter(Boolean)
            .join(', ') || 'none'}
        </p>
      </Panel>
      <Panel title="Towns">
        <ul class="gt-towns">
          {view.players.map((p) => (
            <li key={p.seat} class={`gt-town${view.active.includes(p.seat) ? ' to-act' : ''}`}>
              <h4>
                <Token owner={p.seat} name={seatLabel} /> {seatLabel(p.seat)}
                {view.active.includes(p.seat) ? ' ▶ to act' : ''}
                {p.passed ? ' · passed' : ''}
              </h4>
              <p class="gt-stats">
                {count(p.points, 'point')} · {count(p.helpers, 'helper')} · {count(p.moneyCount, 'money card')} · {count(p.handCount, 'building card')} · {p.privTokens} privilege and {count(p.workTokens, 'work token')} · {count(p.market, 'cube')} in the market · {count(p.supply, 'cube')} in supply
                {p.bonus.length ? ` · bonus: ${p.bonus.join(', ')}` : ''}
              </p>
              <div class="gt-cards">{p.town.length ? p.town.map((b, i) => <BuildingCard key={i} id={b.card} slots={b.slots} />) : <span class="muted">No building yet.</span>}</div>
            </li>
          ))}
        </ul>
        {view.final && (
          <p>
            Final: {view.final.map((f) => `${seatLabel(f.seat)} ${f.points} (bonus ${f.bonus})`).join(' · ')}
          </p>
        )}
      </Panel>
      {view.myMoney && view.myHand && (
        <Panel title="Your cards" class="your-hand">
          <div data-testid="your-hand">
            <p>
              Money:{' '}
              {view.myMoney.length
                ? view.myMoney.map((card) => (
                    <span key={card.id} class={`money gt-${moneyColour(card.id)}`} data-hand-card={`money-${card.id}`}>
                      {moneyName(card.id)}{' '}
                    </span>
                  ))
                : 'none'}
            </p>
            <p>
              Buildings:{' '}
              {view.myHand.length
                ? view.myHand.map((id) => (
                    <span key={id} class="hand-building" data-hand-card={`building-${id}`}>
                      {buildingName(id)}
                    </span>
                  ))
                : 'none'}
            </p>
          </div>
        </Panel>
      )}
    </div>
  );
}
