import { useEffect, useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi, useSession } from '../api/hooks';
import { Table, Pager, type Column } from '../ui/Table';
import { ErrorBox } from '../ui/forms';
import { LinkedSentence } from '../ui/LinkedSentence';
import { gameTagline, gameTitle, gameUis } from '../games';
import { t, tr } from '../i18n';
import { seatNames } from '../games/names';
import { describeTimeControl, gameName, seatName, type GamePage, type GameSummary } from './game-api';
import { useAccountEvents } from './live';
import { SITE_TITLE, usePageTitle, YourTurnList } from './YourTurn';

const PAGE = 10;

function seatsText(game: GameSummary): string {
  return game.seats.map(seatName).join(' · ');
}

/** Whose turn it is in a listed game, or where it stands. */
function turnText(game: GameSummary, me: string | undefined): string {
  if (game.status === 'open') return t('pages.lobby.turn.open', { seated: game.seats.filter((seat) => seat.username || seat.bot).length, seats: game.seatCount });
  const names = seatNames(game.seats, tr);
  // An imported game did not happen here and its record proves no fair deal (docs/fairness.md §6): say so.
  const imported = (text: string) => (game.importedAt ? t('pages.lobby.turn.imported', { text }) : text);
  const named = (seat: number) => (me && game.seats[seat]?.username === me ? t('pages.lobby.turn.you') : names[seat]!);
  // A finished game's list says how it ended, as BGA's and lichess's do.
  if (game.status === 'finished' && game.result) {
    const winners = game.result.winners.map(named);
    return imported(game.result.abandoned ? t('pages.lobby.turn.abandoned') : winners.length ? t('pages.lobby.turn.wonBy', { players: tr.list(winners) }) : t('pages.lobby.turn.nobodyWon'));
  }
  if (game.status !== 'active') return imported(t('pages.game.status', { status: game.status }));
  return tr.list(game.activeSeats.map(named)) || '—';
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return t('pages.ago.now');
  if (minutes < 60) return t('pages.ago.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('pages.ago.hours', { n: hours });
  return t('pages.ago.days', { n: Math.floor(hours / 24) });
}

const columns = (link: (game: GameSummary) => preact.ComponentChildren, me: string | undefined): Column<GameSummary>[] => [
  { key: 'game', header: t('pages.lobby.column.game'), cell: (game) => link(game) },
  { key: 'seats', header: t('pages.lobby.column.players'), cell: seatsText },
  { key: 'turn', header: t('pages.lobby.column.turn'), cell: (game) => turnText(game, me) },
  { key: 'activity', header: t('pages.lobby.column.activity'), cell: (game) => <time dateTime={game.updatedAt} title={tr.date(game.updatedAt)}>{ago(game.updatedAt)}</time> },
  { key: 'time', header: t('pages.lobby.column.time'), cell: (game) => describeTimeControl(game.timeControl) },
];

/** One paginated list of games with its own offset. */
function GameList({ id, title, load, link, empty, pollSeconds, hide }: {
  /** The list's name in ids (its heading's id). */
  id: string;
  title: string;
  load(offset: number): Promise<GamePage>;
  link(game: GameSummary): preact.ComponentChildren;
  empty: string;
  /** Read again this often besides on the account's live events (invitations are not among those). */
  pollSeconds?: number;
  /** Games left out of this list (your own games in "Games to watch"). */
  hide?(game: GameSummary): boolean;
}) {
  const session = useSession();
  const [offset, setOffset] = useState(0);
  const page = useApi(() => load(offset), [offset, session?.token]);
  // Moves, starts and ends of your games reach the lists live.
  useAccountEvents(page.reload, Boolean(session));
  useEffect(() => {
    if (!pollSeconds) return;
    const timer = setInterval(page.reload, pollSeconds * 1000);
    return () => clearInterval(timer);
  }, [pollSeconds]);
  const games = (page.data?.games ?? []).filter((game) => !hide?.(game));
  return (
    <section class="panel" aria-labelledby={`list-${id}`}>
      <h2 id={`list-${id}`}>{title}</h2>
      <ErrorBox error={page.error} />
      <Table columns={columns(link, session?.user.username)} rows={games} rowKey={(game) => game.id} empty={page.loading ? t('pages.loading') : empty} />
      {page.data && page.data.total > PAGE && <Pager total={page.data.total} limit={PAGE} offset={offset} onOffset={setOffset} />}
    </section>
  );
}

/** A listed game's link: what you would do there and the game ("Join Guild town with ann"). */
const gameLink = (verb: 'open' | 'join' | 'watch' | 'replay') => (game: GameSummary) => (
  <a href={`/games/${game.id}${verb === 'replay' ? '/replay' : ''}`}>
    {t('pages.lobby.link', { verb, game: gameName(game) })}
  </a>
);

/**
 * The start page: your turn across games, your games, invitations, open games to join, games to
 * watch and finished games to replay (the game lists need an account).
 */
export function LobbyPage() {
  const session = useSession();
  usePageTitle(t('pages.lobby.tabTitle', { site: SITE_TITLE }));
  const query = (extra: Record<string, unknown>) => (offset: number) =>
    unwrap(api.GET('/v1/games', { params: { query: { limit: PAGE, offset, ...extra } } })) as Promise<GamePage>;
  return (
    <section>
      <h1>{t('pages.lobby.title')}</h1>
      <section class="panel intro" aria-labelledby="intro-heading">
        <h2 id="intro-heading">{t('pages.lobby.intro.title')}</h2>
        <p>{t('pages.lobby.intro.text')}</p>
        <ul class="plain games-offered">
          {Object.keys(gameUis).map((type) => (
            <li key={type}>
              <strong>{gameTitle(type)}</strong> — {gameTagline(type)}
            </li>
          ))}
        </ul>
      </section>
      {session ? (
        <p>
          <a class="btn btn-primary" href="/games/new">
            {t('pages.lobby.create')}
          </a>
        </p>
      ) : (
        <p>
          <LinkedSentence message={(link) => t('pages.lobby.login', { link })} href="/login">
            {t('pages.lobby.loginLink')}
          </LinkedSentence>
        </p>
      )}
      <div class="grid lobby-lists">
        {session && <YourTurnList />}
        {session && <GameList id="mine" title={t('pages.lobby.mine.title')} load={query({ mine: true, status: 'active' })} link={gameLink('open')} empty={t('pages.lobby.mine.empty')} />}
        {session && (
          <GameList
            id="invitations"
            title={t('pages.lobby.invitations.title')}
            load={async () => {
              const games = (await unwrap(api.GET('/v1/me/invitations'))) as GameSummary[];
              return { total: games.length, games };
            }}
            link={gameLink('open')}
            empty={t('pages.lobby.invitations.empty')}
            pollSeconds={30}
          />
        )}
        {session && (
          <GameList
            id="open"
            title={t('pages.lobby.open.title')}
            load={(offset) => unwrap(api.GET('/v1/lobby', { params: { query: { limit: PAGE, offset } } })) as Promise<GamePage>}
            link={gameLink('join')}
            empty={t('pages.lobby.open.empty')}
          />
        )}
        {session && (
          <GameList
            id="watch"
            title={t('pages.lobby.watch.title')}
            load={query({ status: 'active' })}
            link={gameLink('watch')}
            empty={t('pages.lobby.watch.empty')}
            hide={(game) => game.seats.some((seat) => seat.username === session.user.username)}
          />
        )}
        {session && <GameList id="finished" title={t('pages.lobby.finished.title')} load={query({ status: 'finished' })} link={gameLink('replay')} empty={t('pages.lobby.finished.empty')} />}
      </div>
    </section>
  );
}
