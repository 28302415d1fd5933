import { buildingTypes, cyCatalog } from './catalog';
import { buildingName, buildingsWord, buyWords, currencyName, cyWords, moneyName, pointsByRank } from './terms';
import { Panel, onlyLegal } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import type { Building, CYView, MoneyFace } from './view';

/** A money card face: its currency as a colour class and in words (never colour alone). */
export function Money(props: { card: MoneyFace }) {
  return <span class={`money money-${props.card.currency}`}>{moneyName(props.card)}</span>;
}

function BuildingsByType(props: { buildings: Building[] }) {
  if (props.buildings.length === 0) return <span class="muted">{cyWords('board.none')}</span>;
  const counts = buildingTypes().map((type) => [type, props.buildings.filter((b) => b.type === type).length] as const).filter(([, n]) => n > 0);
  return <span>{counts.map(([type, n]) => buildingsWord(type, n)).join(', ')}</span>;
}

/**
 * Construction yard's table: the four yard positions with their buildings, the money display (a
 * single card is taken by clicking it), the players' collections and scores, and the viewer's hand.
 */
export function ConstructionYardBoard({ view, seat, legal, onAction }: BoardProps<CYView>) {
  const seatLabel = useSeatName();
  return (
    <div class="board cy-board">
      <Panel title={cyWords('board.yard')}>
        <ol class="card-row">
          {view.yard.map((position) => {
            const buy = onlyLegal(legal, { type: 'buy', slot: position.slot });
            const points = position.building ? pointsByRank(cyCatalog(), position.building.type) : null;
            return (
              <li key={position.slot} class={`card yard-slot money-${position.currency}`} data-testid={`yard-${position.slot}`}>
                <span class="card-title">{position.building ? buildingName(position.building.type) : cyWords('board.empty')}</span>
                {position.building && <span class="price">{cyWords('board.price', { price: position.building.price })}</span>}
                <span class="currency">{currencyName(position.currency)}</span>
                {points && <span class="points">{cyWords('board.scoresByRank', { points })}</span>}
                {buy && onAction && position.building && (
                  <button type="button" onClick={() => onAction(buy)} aria-label={buyWords(cyCatalog(), position.building, position.currency, false)}>
                    {cyWords('action.buyButton')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">{cyWords('board.deckLeft', { count: view.buildingDeckSize })}</p>
      </Panel>
      <Panel title={cyWords('board.moneyDisplay')}>
        <ol class="card-row">
          {view.moneyDisplay.map((card, slot) => {
            const take = legal?.find((a) => a.type === 'takeMoney' && Array.isArray(a.slots) && a.slots.length === 1 && a.slots[0] === slot);
            return (
              <li key={slot} class="card">
                {take && onAction ? (
                  <button type="button" onClick={() => onAction(take)} aria-label={cyWords('action.take', { money: moneyName(card) })}>
                    <Money card={card} />
                  </button>
                ) : (
                  <Money card={card} />
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">{cyWords('board.moneyDeck', { deck: view.moneyDeckSize, discard: view.discard.length })}</p>
      </Panel>
      {view.pending && (
        <Panel title={cyWords('board.purchase')}>
          <p>
            {cyWords(view.pending.toNeutral ? 'board.purchaseLineForNeutral' : 'board.purchaseLine', {
              building: buildingName(view.pending.building.type),
              price: view.pending.building.price,
              currency: currencyName(view.pending.currency),
              paid: view.pending.total,
            })}
            {view.pending.paid.length > 0 && <> ({view.pending.paid.map((c, i) => <Money key={i} card={c} />)})</>}
            <strong data-testid="owed"> · {cyWords('board.owed', { owed: Math.max(0, view.pending.building.price - view.pending.total) })}</strong>
          </p>
        </Panel>
      )}
      <Panel title={cyWords('board.collectors')}>
        <div class="table-scroll" tabIndex={0} role="region" aria-label={cyWords('board.scoresTable')}>
        <table class="data">
          <thead>
            <tr>
              <th scope="col">{cyWords('board.column.collector')}</th>
              <th scope="col">{cyWords('board.column.hand')}</th>
              <th scope="col">{cyWords('board.column.buildings')}</th>
              <th scope="col">{cyWords('board.column.score')}</th>
            </tr>
          </thead>
          <tbody>
            {view.players.map((player) => (
              <tr key={player.seat} class={player.seat === view.current ? 'to-act' : ''}>
                <th scope="row">
                  {seatLabel(player.seat)}
                  {player.seat === view.current ? ' ▶' : ''}
                </th>
                <td data-label={cyWords('board.column.hand')}>{player.handSize}</td>
                <td data-label={cyWords('board.column.buildings')}>
                  <BuildingsByType buildings={player.buildings} />
                </td>
                <td data-label={cyWords('board.column.score')}>{player.score}</td>
              </tr>
            ))}
            {view.neutralCollector && (
              <tr>
                <th scope="row">{cyWords('board.neutralCollector')}</th>
                <td data-label={cyWords('board.column.hand')}>–</td>
                <td data-label={cyWords('board.column.buildings')}>
                  <BuildingsByType buildings={view.neutralCollector.buildings} />
                </td>
                <td data-label={cyWords('board.column.score')}>{view.neutralCollector.score}</td>
              </tr>
            )}
          </tbody>
        </table>
        </div>
        {view.scorings.length > 0 && (
          <p>
            {cyWords('board.scorings', { list: view.scorings.map((s) => `${s.round} (${s.points.join(' / ')})`).join(', ') })}
          </p>
        )}
      </Panel>
      {view.hand && (
        <Panel title={cyWords('board.hand')} class="your-hand">
          <ul class="card-row" data-testid="your-hand">
            {view.hand.map((card) => (
              <li key={card.id} class="card" data-hand-card={card.id}>
                <Money card={card} />
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
