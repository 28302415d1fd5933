import { t } from '../../i18n';
import { onlyLegal, Panel } from '../shared';
import { useSeatName } from '../names';
import type { BoardProps } from '../types';
import { buildingCard, buildingName, buildingShortName, buyPriceWords, colourOf, colourWord, coverCost, finalGoods, goodName, guildName, guildNames, moneyColour, moneyName, owedLine, seasonName, shipGoods, spaceName, storeGoods } from './catalog';
import type { GuildTownView } from './view';

const ROWS = ['basic', 'expanded', 'advanced'] as const;

/** What the seat at a guild is asked for now. */
const prompt = (kind: string): string => t(`guild-town.board.prompt.${kind}` as never);

/** A cube or helper of a seat (its colour and initial), or a natural cube (-1). */
function Token({ owner, name, priv = false }: { owner: number; name: (seat: number) => string; priv?: boolean }) {
  const who = owner < 0 ? t('guild-town.board.naturalCube') : priv ? t('guild-town.board.privilegeHelper', { player: name(owner) }) : name(owner);
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
  const colours = t('guild-town.board.colours', { top: colourWord(card.top), bottom: colourWord(card.bottom) });
  return (
    <span class={`gt-card top-${colourOf(card.top)} bottom-${colourOf(card.bottom)}`} title={buildingName(id)}>
      <span class="gt-card-name">{buildingShortName(id)}</span>
      <span class="gt-card-recipe">{card.inputs.length ? t('guild-town.board.recipe', { product: goodName(card.product), inputs: card.inputs.map(goodName).join(' + ') }) : goodName(card.product)}</span>
      <span class="gt-card-foot">
        {slots && slots.some(Boolean)
          ? t('guild-town.board.cardFootCubes', { colours, points: card.points, cubes: slots.filter(Boolean).length })
          : t('guild-town.board.cardFoot', { colours, points: card.points })}
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
    .map(([s, cover]) => t('guild-town.board.coverLine', { space: spaceName(s, spaces.length), cover: cover!.words }));
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
      <Panel title={t('guild-town.board.panel.season')}>
        <p>
          {view.stage
            ? t('guild-town.board.seasonStage', { year: view.year, season: seasonName(view.season), phase: t(`guild-town.board.phase.${view.phase}` as never), guild: guildName(view.stage) })
            : t('guild-town.board.season', { year: view.year, season: seasonName(view.season), phase: t(`guild-town.board.phase.${view.phase}` as never) })}
        </p>
        <p class="muted">{t('guild-town.board.order', { order: view.order.map((s) => seatLabel(s)).join(' → ') })}</p>
        {view.turn && (
          <p>
            {t(view.turn.gold ? 'guild-town.board.turnGold' : 'guild-town.board.turn', { player: seatLabel(view.turn.seat), guild: guildName(view.turn.guild), prompt: prompt(view.turn.prompt.kind) })}
            {view.turn.wp ? ` · ${t('guild-town.board.workPoints', { n: view.turn.wp })}` : ''}
            {view.turn.prompt.kind === 'pay' && view.turn.prompt.buying && ` · ${t('guild-town.board.buying', { building: buildingShortName(view.turn.prompt.buying.card) })}`}
            {owedLine(view) !== null && <strong data-testid="owed"> · {owedLine(view)}</strong>}
          </p>
        )}
        {view.auction && (
          <p>
            {view.auction.mayor !== null
              ? t('guild-town.board.auctionMayor', { building: buildingShortName(view.auction.card), high: view.auction.high, player: seatLabel(view.auction.highSeat), mayor: view.auction.mayor })
              : t('guild-town.board.auction', { building: buildingShortName(view.auction.card), high: view.auction.high, player: seatLabel(view.auction.highSeat) })}
          </p>
        )}
      </Panel>
      <Panel title={t('guild-town.board.panel.guilds')}>
        <ul class="guilds">
          {view.guilds.map((g, gi) => (
            <li key={g.guild} class={`guild ${view.stage === g.guild ? 'current' : ''} ${view.guildsThisSeason.includes(g.guild) ? '' : 'closed'}`}>
              <strong>{t(`guild-town.board.guildTitle.${g.guild}` as never)}</strong>
              {!view.guildsThisSeason.includes(g.guild) && <span class="muted"> {t('guild-town.board.closed')}</span>}
              <ol class="gt-track">
                {g.spaces.map((stack, s) => {
                  // On a full track: what stacking a helper on this space costs the viewer (a card or points, or nothing).
                  const cover = coverCost(view, g.spaces, s, seat, seatLabel);
                  const helpers = stack.length ? stack.map((h) => seatLabel(h.seat)).join(', ') : t('guild-town.board.empty');
                  const space = spaceName(s, g.spaces.length);
                  const place = cover ? t('guild-town.board.placeCover', { space, helpers, cover: cover.words }) : t('guild-town.board.place', { space, helpers });
                  // A space a helper may be sent to in exactly one way is a button (Tab, Enter); the rest are in the action buttons.
                  const send = onAction ? onlyLegal(legal, { type: 'send', guild: gi, space: s }) : undefined;
                  const tokens = stack.map((h, i) => <Token key={i} owner={h.seat} priv={h.priv} name={seatLabel} />);
                  return (
                    <li key={s} class={`gt-space ${s === 0 ? 'gold' : s === g.spaces.length - 1 ? 'silver' : ''}${send ? ' target' : ''}`} aria-label={send ? undefined : place} title={place}>
                      {send ? (
                        <button type="button" class="gt-space-button" aria-label={t('guild-town.board.sendHere', { guild: guildNames(gi), place })} onClick={() => onAction!(send)}>
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
        <p class="muted">{t('guild-town.board.trackNote', { priv: view.privBank, work: view.workBank })}</p>
      </Panel>
      <Panel title={t('guild-town.board.panel.market')}>
        <p>
          {t('guild-town.board.moneyRow')} {view.moneyRow.map((id, i) => (id === null ? <span key={i}>— </span> : <span key={i} class={`money gt-${moneyColour(id)}`}>{moneyName(id)} </span>))}
          <span class="muted"> {t('guild-town.board.moneyCounts', { deck: view.moneyDeckCount, discard: view.moneyDiscardCount })}</span>
        </p>
        <ul class="plain">
          {ROWS.map((row) => (
            <li key={row}>
              {t(`guild-town.board.row.${row}`)} <span class="muted">{t('guild-town.board.pile', { n: view.pileCounts[row] })}</span>
              <div class="gt-cards">
                {view.rows[row].map((id, i) =>
                  id === null ? (
                    <span key={i} class="gt-card empty">
                      {t('guild-town.board.empty')}
                    </span>
                  ) : (
                    <BuildingCard key={i} id={id} price={t('guild-town.board.buyPrice', { price: buyPriceWords(id, view.myMoney) })} />
                  ),
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t('guild-town.board.panel.storeShips')}>
        <h4>{t('guild-town.board.storehouse')}</h4>
        <ul class="gt-store">
          {storeGoods().map((good, i) => (
            <li key={good}>
              <span class="gt-good">{goodName(good)}</span>
              {(view.storehouse[i] ?? []).length ? (view.storehouse[i] ?? []).map((m, k) => <Token key={k} owner={m} name={seatLabel} />) : <span class="muted">{t('guild-town.board.empty')}</span>}
            </li>
          ))}
        </ul>
        <h4>{t('guild-town.board.ships')}</h4>
        <ol class="gt-ships">
          {view.ships.map((ship, s) => {
            const loaded = shipGoods().map((good, g) => [good, ship[g] ?? []] as const).filter(([, ms]) => ms.some((m) => m >= 0));
            return (
              <li key={s} class="gt-ship">
                <span class="gt-ship-name">{t('guild-town.board.ship', { n: s + 1 })}</span>
                {loaded.length ? (
                  loaded.map(([good, ms]) => (
                    <span key={good} class="gt-cargo">
                      {goodName(good)} {ms.filter((m) => m >= 0).map((m, k) => <Token key={k} owner={m} name={seatLabel} />)}
                    </span>
                  ))
                ) : (
                  <span class="muted">{t('guild-town.board.empty')}</span>
                )}
              </li>
            );
          })}
        </ol>
        <p class="muted">
          {t('guild-town.board.bonusTaken', {
            list:
              finalGoods()
                .map((good, f) => (view.bonusTaken[f] === null || view.bonusTaken[f] === undefined ? null : t('guild-town.board.bonusOf', { good: goodName(good), player: seatLabel(view.bonusTaken[f]!) })))
                .filter(Boolean)
                .join(', ') || t('guild-town.board.none'),
          })}
        </p>
      </Panel>
      <Panel title={t('guild-town.board.panel.towns')}>
        <ul class="gt-towns">
          {view.players.map((p) => (
            <li key={p.seat} class={`gt-town${view.active.includes(p.seat) ? ' to-act' : ''}`}>
              <h4>
                <Token owner={p.seat} name={seatLabel} /> {seatLabel(p.seat)}
                {view.active.includes(p.seat) ? ` ${t('guild-town.board.toAct')}` : ''}
                {p.passed ? ` · ${t('guild-town.board.passed')}` : ''}
              </h4>
              <p class="gt-stats">
                {t('guild-town.board.stats', { points: p.points, helpers: p.helpers, money: p.moneyCount, hand: p.handCount, priv: p.privTokens, work: p.workTokens, market: p.market, supply: p.supply })}
                {p.bonus.length ? ` · ${t('guild-town.board.bonusList', { goods: p.bonus.map(goodName).join(', ') })}` : ''}
              </p>
              <div class="gt-cards">{p.town.length ? p.town.map((b, i) => <BuildingCard key={i} id={b.card} slots={b.slots} />) : <span class="muted">{t('guild-town.board.noBuilding')}</span>}</div>
            </li>
          ))}
        </ul>
        {view.final && (
          <p>{t('guild-town.board.final', { list: view.final.map((f) => t('guild-town.board.finalEntry', { player: seatLabel(f.seat), points: f.points, bonus: f.bonus })).join(' · ') })}</p>
        )}
      </Panel>
      {view.myMoney && view.myHand && (
        <Panel title={t('guild-town.board.panel.yourCards')} class="your-hand">
          <div data-testid="your-hand">
            <p>
              {t('guild-town.board.money')}{' '}
              {view.myMoney.length
                ? view.myMoney.map((card) => (
                    <span key={card.id} class={`money gt-${moneyColour(card.id)}`} data-hand-card={`money-${card.id}`}>
                      {moneyName(card.id)}{' '}
                    </span>
                  ))
                : t('guild-town.board.none')}
            </p>
            <p>
              {t('guild-town.board.buildings')}{' '}
              {view.myHand.length
                ? view.myHand.map((id) => (
                    <span key={id} class="hand-building" data-hand-card={`building-${id}`}>
                      {buildingName(id)}
                    </span>
                  ))
                : t('guild-town.board.none')}
            </p>
          </div>
        </Panel>
      )}
    </div>
  );
}
