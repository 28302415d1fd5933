import { Panel, words } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import { SEASONS, buildingName, buildingShortName, finalGoods, moneyColour, moneyName, shipGoods, spaceName, storeGoods } from './catalog';
import type { GuildTownView } from './view';

const ROWS = ['basic', 'expanded', 'advanced'] as const;

/** Who stands where: -1 is a natural cube, a seat number one of that seat's markers. */
const marker = (m: number) => (m < 0 ? 'natural' : `seat ${m}`);

/**
 * Guild town's table: the guild board (helpers on each guild's spaces, the stage being played), the
 * money row and building rows, the storehouse and ships, every town, and the viewer's own cards.
 */
export function GuildTownBoard({ view, seat }: BoardProps<GuildTownView>) {
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
            {seatLabel(view.turn.seat)} at the {view.turn.guild}
            {view.turn.gold ? ' (gold space)' : ''}: {words(view.turn.prompt.kind)}
            {view.turn.wp ? ` · ${view.turn.wp} work points` : ''}
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
          {view.guilds.map((g) => (
            <li key={g.guild} class={`guild ${view.stage === g.guild ? 'current' : ''} ${view.guildsThisSeason.includes(g.guild) ? '' : 'closed'}`}>
              <strong>{words(g.guild)}</strong>
              <ol class="plain">
                {g.spaces.map((stack, s) => (
                  <li key={s}>
                    {spaceName(s, g.spaces.length)}:{' '}
                    {stack.length ? stack.map((h) => `seat ${h.seat}${h.priv ? '*' : ''}`).join(', ') : '—'}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
        <p class="muted">
          Bank: {view.privBank} privilege tokens, {view.workBank} work tokens
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
              {words(row)} buildings: {view.rows[row].map((id) => (id === null ? '—' : buildingName(id))).join(' · ')} <span class="muted">(pile {view.pileCounts[row]})</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Storehouse and ships">
        <p>
          Storehouse:{' '}
          {storeGoods().map((good, i) => `${good} ${(view.storehouse[i] ?? []).map(marker).join('/') || '—'}`).join(' · ')}
        </p>
        <ol class="plain">
          {view.ships.map((ship, s) => {
            const loaded = shipGoods().map((good, g) => [good, (ship[g] ?? []).filter((m) => m >= 0)] as const).filter(([, ms]) => ms.length > 0);
            return (
              <li key={s}>
                Ship {s + 1}: {loaded.length ? loaded.map(([good, ms]) => `${good} (${ms.map(marker).join(', ')})`).join(' · ') : 'empty'}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          Bonus tokens taken:{' '}
          {finalGoods().map((good, f) => (view.bonusTaken[f] === null || view.bonusTaken[f] === undefined ? null : `${good} (seat ${view.bonusTaken[f]})`))
            .filter(Boolean)
            .join(', ') || 'none'}
        </p>
      </Panel>
      <Panel title="Towns">
        <ul class="plain">
          {view.players.map((p) => (
            <li key={p.seat} class={view.active.includes(p.seat) ? 'to-act' : ''}>
              <strong>{seatLabel(p.seat)}</strong>
              {view.active.includes(p.seat) ? ' ▶' : ''} — {p.points} points · {p.moneyCount} money cards · {p.handCount} building cards · {p.helpers} helpers ·{' '}
              {p.privTokens} privilege / {p.workTokens} work tokens · {p.market} in the market · {p.supply} cubes{p.passed ? ' · passed' : ''}
              <br />
              Town: {p.town.map((b) => `${buildingShortName(b.card)}${b.slots.some(Boolean) ? ` [${b.slots.filter(Boolean).length} cube]` : ''}`).join(', ') || 'none'}
              {p.bonus.length ? ` · bonus: ${p.bonus.join(', ')}` : ''}
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
