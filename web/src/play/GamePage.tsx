import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, asApiError, unwrap } from '../api/client';
import { useSession } from '../api/hooks';
import { gameUis } from '../games';
import { useCatalog } from '../games/catalogs';
import type { GameAction } from '../games/types';
import { ErrorBox, Notice } from '../ui/forms';
import { ActionButtons } from './ActionButtons';
import { Clock } from './Clock';
import { FinalScoring } from './FinalScoring';
import { describeTimeControl, loadGame, loadLegal, loadLog, seatName, submitAction, type GameDetail, type PlayerEvent, type UndoRequest } from './game-api';
import { GameLog } from './GameLog';
import { useGameUpdated } from './live';
import { SeatsPanel } from './SeatsPanel';
import { UndoPanel } from './UndoPanel';
import { YourTurnList } from './YourTurn';

interface Loaded {
  game: GameDetail;
  legal: { version: number; actions: GameAction[] };
  requests: UndoRequest[];
}

/** Who is to act, in words: "Your turn", "Waiting for Seat 2: bob", or the result. */
function TurnLine({ game }: { game: GameDetail }) {
  if (game.status === 'open') return <p>Waiting for players.</p>;
  // An admin may abort a game: it ends without a result.
  if (game.status === 'aborted') return <p data-testid="result">The game was aborted by an administrator.</p>;
  if (game.status === 'finished') {
    const result = game.result;
    if (!result) return <p>The game is over.</p>;
    const names = (seats: number[]) => seats.map((s) => seatName(game.seats[s]!)).join(', ');
    return (
      <p data-testid="result">
        <strong>Game over.</strong> {result.abandoned ? 'Abandoned. ' : ''}
        {result.winners.length ? `Won by ${names(result.winners)}.` : 'Nobody won.'} Scores: {result.scores.map((score, s) => `seat ${s} ${score}`).join(', ')}
      </p>
    );
  }
  const mine = game.yourSeat !== null && game.activeSeats.includes(game.yourSeat);
  return (
    <p data-testid="turn" class={mine ? 'your-turn' : ''}>
      {mine ? <strong>Your turn.</strong> : <>Waiting for {game.activeSeats.map((s) => seatName(game.seats[s]!)).join(', ')}.</>} <Clock deadline={game.deadline} />
    </p>
  );
}

/**
 * One game: seats while it is open; then the board, the legal actions as buttons, the log, the
 * clock, take-back/undo/resign; kept current by the `gameUpdated` subscription (no reload).
 * Spectators (no seat, or not logged in) get the public view and no actions.
 */
export function GamePage({ id }: { id: string }) {
  const session = useSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [events, setEvents] = useState<PlayerEvent[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const latest = useRef(0);
  const lastSeq = useRef(0);

  // One refresh reads the game, the seat's legal actions and undo requests, and the new log events;
  // only the newest refresh's answer is shown (a live update may arrive while one runs).
  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const game = await loadGame(id);
      const seated = game.yourSeat !== null && game.status === 'active';
      const [legal, requests, newEvents] = await Promise.all([
        seated ? loadLegal(id) : Promise.resolve({ version: game.version, actions: [] }),
        seated ? (unwrap(api.GET('/v1/games/{id}/undo-requests', { params: { path: { id } } })) as Promise<UndoRequest[]>) : Promise.resolve([]),
        game.status === 'open' ? Promise.resolve([]) : loadLog(id, lastSeq.current),
      ]);
      if (call !== latest.current) return;
      // A stale legal list (the game moved between the two reads) is dropped: the next update refreshes it.
      setLoaded({ game, legal: legal.version === game.version ? legal : { version: game.version, actions: [] }, requests });
      if (newEvents.length) {
        lastSeq.current = Math.max(lastSeq.current, ...newEvents.map((e) => e.seq));
        setEvents((old) => {
          const known = new Set(old.map((e) => e.seq));
          return [...old, ...newEvents.filter((e) => !known.has(e.seq))].sort((a, b) => a.seq - b.seq);
        });
      }
      setError(null);
    } catch (failure) {
      if (call === latest.current) setError(asApiError(failure));
    }
  }, [id]);

  useEffect(() => {
    lastSeq.current = 0;
    setEvents([]);
    setLoaded(null);
    void refresh();
  }, [id, session?.token]);
  // An update this page already shows (its own move, read back after submitting) needs no new read;
  // an open game's updates (joins, seat changes) keep version 0, so they always do.
  const shown = useRef<{ version: number; status: string; seated: boolean } | null>(null);
  shown.current = loaded ? { version: loaded.game.version, status: loaded.game.status, seated: loaded.game.yourSeat !== null } : null;
  useGameUpdated(id, (update) => {
    const now = shown.current;
    // An undo request asked or answered leaves the game as it is: only the requests are read again.
    if (update.undoRequestsChanged && now && update.version === now.version) return void (now.seated && refreshRequests());
    if (now && now.status !== 'open' && update.status === now.status && update.version <= now.version) return;
    void refresh();
  });
  const refreshRequests = async () => {
    const requests = (await unwrap(api.GET('/v1/games/{id}/undo-requests', { params: { path: { id } } })).catch(() => null)) as UndoRequest[] | null;
    if (requests) setLoaded((old) => (old ? { ...old, requests } : old));
  };

  const catalog = useCatalog(loaded?.game.type);

  const act = async (action: GameAction) => {
    if (!loaded) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      await submitAction(id, loaded.game.type, action, loaded.legal.version);
    } catch (failure) {
      setSubmitError(asApiError(failure));
    } finally {
      setSubmitting(false);
      await refresh();
    }
  };

  if (error && !loaded) return <ErrorBox error={error} />;
  if (catalog.error) return <ErrorBox error={asApiError(catalog.error)} />;
  if (!loaded || !catalog.ready) return <p aria-busy="true">Loading…</p>;
  const { game, legal, requests } = loaded;
  const ui = gameUis[game.type];
  const seated = game.yourSeat !== null;
  const canAct = game.status === 'active' && legal.actions.length > 0;
  return (
    <section class="game-page" data-testid="game-page" data-version={game.version} data-status={game.status}>
      <h1>
        {ui ? game.type.replace(/-/g, ' ') : game.type} <span class="muted">#{game.id.slice(0, 8)}</span>
      </h1>
      <p class="muted">
        {seated ? `You play seat ${game.yourSeat}` : 'You are watching'} · {game.status} · version {game.version} · {describeTimeControl(game.timeControl)} · rules v{game.rulesVersion}
        {(game.status === 'finished' || game.status === 'aborted') && (
          <>
            {' '}
            · <a href={`/games/${game.id}/replay`}>Replay</a>
          </>
        )}
      </p>
      <TurnLine game={game} />
      {game.status === 'finished' && game.result && ui && (() => {
        const table = ui.finalScoring(game.result.details, game.result.scores);
        return table && <FinalScoring table={table} seatNames={game.seats.map(seatName)} />;
      })()}
      <ErrorBox error={error} />
      {game.status === 'open' ? (
        <SeatsPanel game={game} onChanged={() => void refresh()} />
      ) : (
        <div class="play-layout">
          {seated && game.status === 'active' && (
            <section class="panel play-actions" aria-label="Your actions">
              <h2>Your actions</h2>
              <ErrorBox error={submitError} />
              {canAct ? <ActionButtons type={game.type} view={game.view} actions={legal.actions} busy={submitting} onAction={act} /> : <p class="muted">Nothing to do until the others move.</p>}
            </section>
          )}
          <div class="play-board">{ui && game.view ? <ui.Board view={game.view as never} seat={game.yourSeat} legal={legal.actions} onAction={canAct && !submitting ? act : undefined} /> : <Notice>No board for this game type.</Notice>}</div>
          <aside class="play-side">
            <section class="panel" aria-label="Players">
              <h2>Players</h2>
              <ul class="plain">
                {game.seats.map((seat) => (
                  <li key={seat.seat} class={game.activeSeats.includes(seat.seat) ? 'to-act' : ''}>
                    {seatName(seat)}
                    {seat.seat === game.yourSeat ? ' (you)' : ''}
                    {game.activeSeats.includes(seat.seat) ? ' ▶ to act' : ''}
                  </li>
                ))}
              </ul>
            </section>
            {seated && game.status === 'active' && <UndoPanel gameId={game.id} seat={game.yourSeat!} requests={requests} onChanged={() => void refresh()} />}
            <section class="panel" aria-label="Log">
              <h2>Log</h2>
              <GameLog events={events} />
            </section>
            {session && <YourTurnList exclude={game.id} compact />}
          </aside>
        </div>
      )}
    </section>
  );
}
