import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, asApiError, unwrap } from '../api/client';
import { useSession } from '../api/hooks';
import { gameUis } from '../games';
import { useCatalog } from '../games/catalogs';
import { playerLabel, SeatNamesProvider, seatNames } from '../games/names';
import type { GameAction } from '../games/types';
import { ErrorBox, Notice } from '../ui/forms';
import { t, tr } from '../i18n';
import { ActionButtons } from './ActionButtons';
import { Clock } from './Clock';
import { FinalScoring } from './FinalScoring';
import { Rematch } from './Rematch';
import { describeTimeControl, gameName, loadGame, loadLegal, loadLog, seatName, submitAction, type GameDetail, type PlayerEvent, type UndoRequest } from './game-api';
import { GameLog } from './GameLog';
import { useGameUpdated } from './live';
import { ChatPanel } from './ChatPanel';
import { SeatsPanel } from './SeatsPanel';
import { UndoPanel } from './UndoPanel';
import { usePageTitle, YourTurnList } from './YourTurn';

/** A game's status in words: `pages.game.status.<status>`. */
const statusWords = (status: GameDetail['status']): string => t('pages.game.status', { status });

interface Loaded {
  game: GameDetail;
  legal: { version: number; actions: GameAction[] };
  requests: UndoRequest[];
}

/**
 * Who is to act, in words: "Your turn", "Waiting for bob", or the result. It is a live region
 * (role status): a screen reader says "Your turn" when the other player's move makes it so.
 */
function TurnLine({ game }: { game: GameDetail }) {
  return (
    <div role="status" aria-live="polite" class="turn-line" tabIndex={-1}>
      <TurnWords game={game} />
    </div>
  );
}

function TurnWords({ game }: { game: GameDetail }) {
  const names = seatNames(game.seats, tr);
  if (game.status === 'open') return <p>{t('pages.turn.waitingForPlayers')}</p>;
  // An admin may abort a game: it ends without a result.
  if (game.status === 'aborted') return <p data-testid="result">{t('pages.turn.aborted')}</p>;
  if (game.status === 'finished') {
    const result = game.result;
    if (!result) return <p>{t('pages.turn.over')}</p>;
    const who = (seats: number[]) => tr.list(seats.map((s) => names[s]!));
    const scores = result.scores.map((score, s) => t('pages.result.score', { name: names[s] ?? playerLabel(s, tr), score: tr.number(score) }));
    return (
      <p data-testid="result">
        <strong>{t('pages.result.gameOver')}</strong> {result.abandoned ? `${t('pages.result.abandoned')} ` : ''}
        {result.winners.length ? t('pages.result.wonBy', { players: who(result.winners) }) : t('pages.result.nobodyWon')} {t('pages.result.scores', { scores: scores.join(', ') })}
      </p>
    );
  }
  const mine = game.yourSeat !== null && game.activeSeats.includes(game.yourSeat);
  return (
    <p data-testid="turn" class={mine ? 'your-turn' : ''}>
      {mine ? <strong>{t('pages.turn.yours')}</strong> : t('pages.turn.waitingFor', { players: tr.list(game.activeSeats.map((s) => names[s]!)) })} <Clock deadline={game.deadline} />
    </p>
  );
}

/** The tab's title: where the game stands for you, then the game and its players ("Your turn — Guild town with ann, bob"). */
function tabTitle(game: GameDetail): string {
  const names = seatNames(game.seats, tr);
  const standing =
    game.status === 'open' ? t('pages.tab.waitingForPlayers')
    : game.status !== 'active' ? t('pages.tab.over')
    : game.yourSeat !== null && game.activeSeats.includes(game.yourSeat) ? t('pages.tab.yourTurn')
    : t('pages.tab.waitingFor', { players: tr.list(game.activeSeats.map((s) => names[s]!)) });
  return t('pages.tab.title', { standing, game: gameName(game) });
}

/**
 * Keyboard and screen-reader players continue from the next decision, not the top of the page: after
 * their own move (its buttons are gone or disabled, so focus would fall to <body>) and when the
 * others' moves make it their turn while nothing else holds the focus, the focus goes to the first
 * legal action (or the "Your actions" heading while there is none), and a polite live region says
 * what was done. The first showing of the page leaves the focus where the browser put it.
 */
function useNextDecisionFocus(loaded: Loaded | null, submitting: boolean) {
  const actionsRef = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const shownVersion = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!loaded || submitting) return;
    const previous = shownVersion.current;
    shownVersion.current = loaded.game.version;
    const section = actionsRef.current;
    const heading = section?.querySelector<HTMLElement>('h2') ?? null;
    const active = document.activeElement;
    const idle = !active || active === document.body || active === heading;
    const ownMove = moved.current;
    moved.current = false;
    if (!ownMove && !(idle && previous !== null && previous !== loaded.game.version)) return;
    // After the last move of the game there is no actions panel: the result is the next thing to read.
    const next = section?.querySelector<HTMLElement>('[data-testid=legal-actions] button:not([disabled])') ?? heading ?? document.querySelector<HTMLElement>('.turn-line');
    next?.focus();
  }, [loaded, submitting]);
  const afterAction = (label: string) => {
    moved.current = true;
    setAnnouncement(t('pages.game.done', { action: label }));
  };
  return { actionsRef, announcement, afterAction };
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
  usePageTitle(loaded ? tabTitle(loaded.game) : null);
  const { actionsRef, announcement, afterAction } = useNextDecisionFocus(loaded, submitting);

  const act = async (action: GameAction) => {
    if (!loaded) return;
    const ui = gameUis[loaded.game.type];
    afterAction(ui ? ui.describeAction(action, loaded.game.view as never) : action.type);
    setSubmitting(true);
    setSubmitError(null);
    try {
      await submitAction(id, loaded.game.type, action, loaded.legal.version);
    } catch (failure) {
      setSubmitError(asApiError(failure));
    } finally {
      // Busy until the new state is shown: the old buttons enabled in between would submit a move of the old version (STALE_VERSION).
      await refresh();
      setSubmitting(false);
    }
  };

  if (error && !loaded) {
    // A mistyped or deleted game's link: say so in words and lead back.
    if (error.status === 404 || error.status === 400) {
      return (
        <section>
          <h1>{t('pages.game.missing.title')}</h1>
          <p>{t('pages.game.missing.text')}</p>
          <p>
            <a href="/">{t('pages.game.missing.back')}</a>
          </p>
        </section>
      );
    }
    return <ErrorBox error={error} />;
  }
  if (catalog.error) return <ErrorBox error={asApiError(catalog.error)} />;
  if (!loaded || !catalog.ready) return <p aria-busy="true">{t('pages.loading')}</p>;
  const { game, legal, requests } = loaded;
  const ui = gameUis[game.type];
  const names = seatNames(game.seats, tr);
  const resigned = game.yourSeat !== null && Boolean(game.seats[game.yourSeat]?.resigned);
  // A seat that resigned is played by a bot: its player watches from then on.
  const seated = game.yourSeat !== null && !resigned;
  const canAct = seated && game.status === 'active' && legal.actions.length > 0;
  const hasMoved = events.some((event) => event.seat === game.yourSeat && event.kind === 'action');
  return (
    <section class="game-page" data-testid="game-page" data-version={game.version} data-status={game.status}>
      <h1>
        {gameName(game)}
      </h1>
      <p class="muted">
        {resigned ? t('pages.game.resigned') : seated ? t('pages.game.playAs', { name: names[game.yourSeat!] }) : t('pages.game.watching')} · {statusWords(game.status)} · {t('pages.game.move', { n: game.version })} · {describeTimeControl(game.timeControl)} · {t('pages.game.rulesVersion', { version: game.rulesVersion })}
        {(game.status === 'finished' || game.status === 'aborted') && (
          <>
            {' '}
            · <a href={`/games/${game.id}/replay`}>{t('pages.game.replay')}</a>
          </>
        )}
      </p>
      <TurnLine game={game} />
      <p class="visually-hidden" role="status" aria-live="polite" data-testid="announcer">{announcement}</p>
      {game.status === 'finished' && game.result && ui && (() => {
        const table = ui.finalScoring(game.result.details, game.result.scores);
        return table && <FinalScoring table={table} seatNames={names} />;
      })()}
      {game.status === 'finished' && game.yourSeat !== null && session && <Rematch game={game} you={game.yourSeat} />}
      <ErrorBox error={error} />
      {game.status === 'open' ? (
        <SeatsPanel game={game} onChanged={() => void refresh()} />
      ) : (
        <div class="play-layout">
          {seated && game.status === 'active' && (
            <section class="panel play-actions" aria-label={t('pages.game.actions')} ref={actionsRef}>
              <h2 tabIndex={-1}>{t('pages.game.actions')}</h2>
              <ErrorBox error={submitError} />
              {canAct ? <ActionButtons type={game.type} view={game.view} actions={legal.actions} busy={submitting} onAction={act} /> : <p class="muted">{t('pages.game.nothingToDo')}</p>}
            </section>
          )}
          <div class="play-board">
            <SeatNamesProvider names={names} you={game.yourSeat}>
              {ui && game.view ? <ui.Board view={game.view as never} seat={game.yourSeat} legal={legal.actions} onAction={canAct && !submitting ? act : undefined} /> : <Notice>{t('pages.game.noBoard')}</Notice>}
            </SeatNamesProvider>
          </div>
          <aside class="play-side">
            <section class="panel" aria-labelledby="players-heading">
              <h2 id="players-heading">{t('pages.game.players')}</h2>
              <ul class="plain">
                {game.seats.map((seat) => (
                  <li key={seat.seat} class={game.activeSeats.includes(seat.seat) ? 'to-act' : ''}>
                    {seat.username ? <a href={`/players/${encodeURIComponent(seat.username)}`}>{seatName(seat)}</a> : seatName(seat)}
                    {seat.seat === game.yourSeat ? ` ${t('pages.game.seat.you')}` : ''}
                    {game.activeSeats.includes(seat.seat) ? ` ${t('pages.game.seat.toAct')}` : ''}
                  </li>
                ))}
              </ul>
            </section>
            {seated && game.status === 'active' && (
              <UndoPanel gameId={game.id} seat={game.yourSeat!} version={game.version} hasMoved={hasMoved} names={names} requests={requests} onChanged={() => void refresh()} />
            )}
            <section class="panel" aria-labelledby="log-heading">
              <h2 id="log-heading">{t('pages.game.log')}</h2>
              <GameLog type={game.type} events={events} names={names} view={game.view} />
            </section>
            <ChatPanel game={game} />
            {session && <YourTurnList exclude={game.id} compact />}
          </aside>
        </div>
      )}
    </section>
  );
}
