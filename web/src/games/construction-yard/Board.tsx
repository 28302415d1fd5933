import { buildingTypes, cyCatalog } from './catalog';
import { buildingsWord, buyWords, pointsByRank } from './terms';
import { Panel, onlyLegal } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import type { Building, CYView, MoneyFace } from './view';

/** A money card face: its currency as a colour class and in words (never colour alone). */
export function Money(props: { card: MoneyFace }) {
  return (
    <span class={`money money-${props.card.currency}`}>
      {props.card.currency} {props.card.value}
    </span>
  );
}

function BuildingsByType(props: { buildings: Building[] }) {
  if (props.buildings.length === 0) return <span class="muted">none</span>;
  const counts = buildingTypes().map((type) => [type, props.buildings.filter((b) => b.type === type).length] as const).filter(([, n]) => n > 0);
  return <span>{counts.map(([type, n]) => `${n} ${buildingsWord(type, n)}`).join(', ')}</span>;
}

/**
 * Construction yard's table: the four yard positions with their buildings, the money display (a
 * single card is taken by clicking it), the players' collections and scores, and the viewer's hand.
 */
export function ConstructionYardBoard({ view, seat, legal, onAction }: BoardProps<CYView>) {
  const seatLabel = useSeatName();
  return (
    <div class="board cy-board">
      <Panel title="Construction yard">
        <ol class="card-row">
          {view.yard.map((position) => {
            const buy = onlyLegal(legal, { type: 'buy', slot: position.slot });
            const points = position.building ? pointsByRank(cyCatalog(), position.building.type) : null;
            return (
              <li key={position.slot} class={`card yard-slot money-${position.currency}`} data-testid={`yard-${position.slot}`}>
                <span class="card-title">{position.building ? position.building.type : 'empty'}</span>
                {position.building && <span class="price">price {position.building.price}</span>}
                <span class="currency">{position.currency}</span>
                {points && <span class="points">scores by rank {points}</span>}
                {buy && onAction && position.building && (
                  <button type="button" onClick={() => onAction(buy)} aria-label={buyWords(cyCatalog(), position.building, position.currency, false)}>
                    Buy
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">Buildings left in the deck: {view.buildingDeckSize}</p>
      </Panel>
      <Panel title="Money display">
        <ol class="card-row">
          {view.moneyDisplay.map((card, slot) => {
            const take = legal?.find((a) => a.type === 'takeMoney' && Array.isArray(a.slots) && a.slots.length === 1 && a.slots[0] === slot);
            return (
              <li key={slot} class="card">
                {take && onAction ? (
                  <button type="button" onClick={() => onAction(take)} aria-label={`Take ${card.currency} ${card.value}`}>
                    <Money card={card} />
                  </button>
                ) : (
                  <Money card={card} />
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          Money deck: {view.moneyDeckSize} cards · discard: {view.discard.length} cards
        </p>
      </Panel>
      {view.pending && (
        <Panel title="Purchase under way">
          <p>
            {view.pending.building.type} (price {view.pending.building.price}) with {view.pending.currency} money
            {view.pending.toNeutral ? ', for the neutral collector' : ''}: paid {view.pending.total}
            {view.pending.paid.length > 0 && <> ({view.pending.paid.map((c, i) => <Money key={i} card={c} />)})</>}
            <strong data-testid="owed"> · {Math.max(0, view.pending.building.price - view.pending.total)} still owed</strong>
          </p>
        </Panel>
      )}
      <Panel title="Collectors">
        <div class="table-scroll" tabIndex={0} role="region" aria-label="Scores table">
        <table class="data">
          <thead>
            <tr>
              <th scope="col">Collector</th>
              <th scope="col">Cards in hand</th>
              <th scope="col">Buildings</th>
              <th scope="col">Score</th>
            </tr>
          </thead>
          <tbody>
            {view.players.map((player) => (
              <tr key={player.seat} class={player.seat === view.current ? 'to-act' : ''}>
                <th scope="row">
                  {seatLabel(player.seat)}
                  {player.seat === view.current ? ' ▶' : ''}
                </th>
                <td data-label="Cards in hand">{player.handSize}</td>
                <td data-label="Buildings">
                  <BuildingsByType buildings={player.buildings} />
                </td>
                <td data-label="Score">{player.score}</td>
              </tr>
            ))}
            {view.neutralCollector && (
              <tr>
                <th scope="row">Neutral collector</th>
                <td data-label="Cards in hand">–</td>
                <td data-label="Buildings">
                  <BuildingsByType buildings={view.neutralCollector.buildings} />
                </td>
                <td data-label="Score">{view.neutralCollector.score}</td>
              </tr>
            )}
          </tbody>
        </table>
        </div>
        {view.scorings.length > 0 && (
          <p>
            Scorings:{' '}
            {view.scorings.map((s) => `${s.round} (${s.points.join(' / ')})`).join(', ')}
          </p>
        )}
      </Panel>
      {view.hand && (
        <Panel title="Your hand" class="your-hand">
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
