import { useLocation } from 'preact-iso';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useApi } from '../api/hooks';
import { gameTitle } from '../games';
import { useCatalog } from '../games/catalogs';
import { playerName, seatNames } from '../games/names';
import { t, tr } from '../i18n';
import { Linked } from '../settings/linked';
import { ErrorBox } from '../ui/forms';
import { JsonView } from '../ui/JsonView';
import { Table } from '../ui/Table';
import { getGame, snapshotCache, type AdminGame, type SeatDetail } from './admin-api';
import { formatTime } from './format';
import { GameTools } from './GameTools';
import { StateInspector } from './StateInspector';
import { firstPoint, Timeline } from './Timeline';

/** One game for an admin: players and seats, status, clocks, result, the timeline and the state at any point. */
export function GamePage({ id }: { id: string }) {
  const { query } = useLocation();
  const game = useApi(() => getGame(id), [id]);
  const load = useMemo(() => snapshotCache(id), [id]);
  const [at, setAt] = useState<number | null>(null);
  const data = game.data;
  // The seat views are drawn as boards, whose names come from the game's catalog.
  const catalog = useCatalog(data?.type);
  // Start at ?at=N (a shared link), else at the last event.
  useEffect(() => {
    if (data && at === null) setAt(Math.max(firstPoint(data.events), Math.min(data.events.length, query.at ? Number(query.at) || 0 : data.events.length)));
  }, [data]);
  const select = (next: number) => {
    setAt(next);
    const url = new URL(location.href);
    url.searchParams.set('at', String(next));
    history.replaceState(history.state, '', url);
  };
  if (game.error && !data) return <section><h1>{t('account.game.heading', { id })}</h1><ErrorBox error={game.error} /></section>;
  if (!data || at === null) return <section><h1>{t('account.game.heading', { id })}</h1><p class="muted">{t('account.admin.loading')}</p></section>;
  const names = seatNames(Array.from({ length: data.seatCount }, (_, seat) => data.seatsDetail.find((detail) => detail.seat === seat) ?? { seat }), tr);
  const seatName = (seat: number | null) => (seat === null ? t('account.game.system') : names[seat]!);
  return (
    <section>
      <h1>
        <Linked sentence={(link) => t('account.game.title', { title: gameTitle(data.type), id: link })} link={<code class="game-id">{data.id}</code>} />
      </h1>
      <GameFacts game={data} />
      <GameTools game={data} onChanged={game.reload} onGoTo={select} />
      <div class="inspect">
        <Timeline type={data.type} names={names} events={data.events} at={at} onSelect={select} seatName={seatName} />
        {data.status === 'open' ? <p class="panel muted">{t('account.game.notStarted')}</p> : <StateInspector type={data.type} boards={catalog.ready} names={names} at={at} seatCount={data.seatCount} seatName={seatName} load={load} />}
      </div>
    </section>
  );
}

function GameFacts({ game }: { game: AdminGame }) {
  return (
    <div class="grid">
      <dl class="facts panel" data-testid="game-facts">
        <dt>{t('account.game.facts.status')}</dt><dd><span class="badge" data-testid="game-status">{t('account.admin.status', { status: game.status })}</span></dd>
        <dt>{t('account.game.facts.rules')}</dt><dd>{t('account.game.facts.rulesVersion', { version: game.rulesVersion })}</dd>
        <dt>{t('account.game.facts.events')}</dt><dd>{tr.number(game.version)}</dd>
        <dt>{t('account.game.facts.toAct')}</dt><dd>{game.activeSeats.length ? tr.list(game.activeSeats.map((seat) => t('account.game.facts.actor', { seat, name: playerName(game.seatsDetail.find((detail) => detail.seat === seat), seat, tr) }))) : t('account.game.facts.nobody')}</dd>
        <dt>{t('account.game.facts.deadline')}</dt><dd>{formatTime(game.deadline)}</dd>
        <dt>{t('account.admin.created')}</dt><dd>{formatTime(game.createdAt)}</dd>
        <dt>{t('account.admin.updated')}</dt><dd>{formatTime(game.updatedAt)}</dd>
        {game.importedAt && <><dt>{t('account.game.facts.imported')}</dt><dd>{formatTime(game.importedAt)}</dd></>}
      </dl>
      <div class="panel">
        <Table
          caption={t('account.game.seats')}
          columns={[
            { key: 'seat', header: t('account.game.seats.seat'), cell: (seat: SeatDetail) => seat.seat },
            { key: 'player', header: t('account.game.seats.player'), cell: (seat) => (seat.username ? <a href={`/admin/users?q=${encodeURIComponent(seat.username)}`}>{seat.username}</a> : t('account.admin.none')) },
            { key: 'bot', header: t('account.game.seats.bot'), cell: (seat) => (seat.bot ? playerName({ seat: seat.seat, bot: seat.bot }, seat.seat, tr) : t('account.admin.none')) },
            { key: 'timeouts', header: t('account.game.seats.timeouts'), cell: (seat) => tr.number(seat.timeouts) },
            { key: 'resigned', header: t('account.game.seats.resigned'), cell: (seat) => (seat.resigned ? t('account.game.yes') : t('account.game.no')) },
          ]}
          rows={game.seatsDetail}
          rowKey={(seat) => String(seat.seat)}
        />
        {game.clocks !== null && game.clocks !== undefined && <details><summary>{t('account.game.clocks')}</summary><JsonView value={game.clocks} label={t('account.game.clocks')} /></details>}
        {game.result !== null && game.result !== undefined && <details open><summary>{t('account.game.result')}</summary><JsonView value={game.result} label={t('account.game.result')} testId="game-result" /></details>}
      </div>
    </div>
  );
}
