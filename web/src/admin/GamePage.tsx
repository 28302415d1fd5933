import { useLocation } from 'preact-iso';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useApi } from '../api/hooks';
import { gameTitle } from '../games';
import { useCatalog } from '../games/catalogs';
import { seatNames } from '../games/names';
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
  if (game.error && !data) return <section><h1>Game {id}</h1><ErrorBox error={game.error} /></section>;
  if (!data || at === null) return <section><h1>Game {id}</h1><p class="muted">Loading…</p></section>;
  const names = seatNames(Array.from({ length: data.seatCount }, (_, seat) => data.seatsDetail.find((detail) => detail.seat === seat) ?? { seat }));
  const seatName = (seat: number | null) => (seat === null ? 'system' : names[seat]!);
  return (
    <section>
      <h1>
        {gameTitle(data.type)} game <code class="game-id">{data.id}</code>
      </h1>
      <GameFacts game={data} />
      <GameTools game={data} onChanged={game.reload} onGoTo={select} />
      <div class="inspect">
        <Timeline type={data.type} names={names} events={data.events} at={at} onSelect={select} seatName={seatName} />
        {data.status === 'open' ? <p class="panel muted">The game has not started: there is no state yet.</p> : <StateInspector type={data.type} boards={catalog.ready} names={names} at={at} seatCount={data.seatCount} seatName={seatName} load={load} />}
      </div>
    </section>
  );
}

function GameFacts({ game }: { game: AdminGame }) {
  return (
    <div class="grid">
      <dl class="facts panel" data-testid="game-facts">
        <dt>Status</dt><dd><span class="badge" data-testid="game-status">{game.status}</span></dd>
        <dt>Rules</dt><dd>version {game.rulesVersion}</dd>
        <dt>Events</dt><dd>{game.version}</dd>
        <dt>To act</dt><dd>{game.activeSeats.length ? game.activeSeats.map((seat) => `seat ${seat} (${game.seatsDetail.find((detail) => detail.seat === seat)?.username ?? 'bot'})`).join(', ') : 'nobody'}</dd>
        <dt>Deadline</dt><dd>{formatTime(game.deadline)}</dd>
        <dt>Created</dt><dd>{formatTime(game.createdAt)}</dd>
        <dt>Updated</dt><dd>{formatTime(game.updatedAt)}</dd>
        {game.importedAt && <><dt>Imported</dt><dd>{formatTime(game.importedAt)}</dd></>}
      </dl>
      <div class="panel">
        <Table
          caption="Seats"
          columns={[
            { key: 'seat', header: 'Seat', cell: (seat: SeatDetail) => seat.seat },
            { key: 'player', header: 'Player', cell: (seat) => (seat.username ? <a href={`/admin/users?q=${encodeURIComponent(seat.username)}`}>{seat.username}</a> : '—') },
            { key: 'bot', header: 'Bot', cell: (seat) => seat.bot ?? '—' },
            { key: 'timeouts', header: 'Timeouts', cell: (seat) => seat.timeouts },
            { key: 'resigned', header: 'Resigned', cell: (seat) => (seat.resigned ? 'yes' : 'no') },
          ]}
          rows={game.seatsDetail}
          rowKey={(seat) => String(seat.seat)}
        />
        {game.clocks !== null && game.clocks !== undefined && <details><summary>Clocks</summary><JsonView value={game.clocks} label="Clocks" /></details>}
        {game.result !== null && game.result !== undefined && <details open><summary>Result</summary><JsonView value={game.result} label="Result" testId="game-result" /></details>}
      </div>
    </div>
  );
}
