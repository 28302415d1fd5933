import { useEffect, useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi, useSession } from '../api/hooks';
import { Table, Pager, type Column } from '../ui/Table';
import { ErrorBox } from '../ui/forms';
import { gameUis } from '../games';
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
  if (game.status === 'open') return `waiting for players (${game.seats.filter((seat) => seat.username || seat.bot).length} of ${game.seatCount})`;
  const names = seatNames(game.seats);
  // An imported game did not happen here and its record proves no fair deal (docs/fairness.md §6): say so.
  const imported = game.importedAt ? ' · imported' : '';
  // A finished game's list says how it ended, as BGA's and lichess's do.
  if (game.status === 'finished' && game.result) {
    const winners = game.result.winners.map((seat) => (me && game.seats[seat]?.username === me ? 'you' : names[seat]));
    return (game.result.abandoned ? 'abandoned' : winners.length ? `won by ${winners.join(', ')}` : 'nobody won') + imported;
  }
  if (game.status !== 'active') return game.status + imported;
  return game.activeSeats.map((seat) => (me && game.seats[seat]?.username === me ? 'you' : names[seat])).join(', ') || '—';
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} days ago`;
}

const columns = (link: (game: GameSummary) => preact.ComponentChildren, me: string | undefined): Column<GameSummary>[] => [
  { key: 'game', header: 'Game', cell: (game) => link(game) },
  { key: 'seats', header: 'Players', cell: seatsText },
  { key: 'turn', header: 'Whose turn or result', cell: (game) => turnText(game, me) },
  { key: 'activity', header: 'Last activity', cell: (game) => <time dateTime={game.updatedAt} title={new Date(game.updatedAt).toLocaleString()}>{ago(game.updatedAt)}</time> },
  { key: 'time', header: 'Time control', cell: (game) => describeTimeControl(game.timeControl) },
];

/** One paginated list of games with its own offset. */
function GameList({ title, load, link, empty, pollSeconds, hide }: {
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
    <section class="panel" aria-labelledby={`list-${title.replace(/\W+/g, '-')}`}>
      <h2 id={`list-${title.replace(/\W+/g, '-')}`}>{title}</h2>
      <ErrorBox error={page.error} />
      <Table columns={columns(link, session?.user.username)} rows={games} rowKey={(game) => game.id} empty={page.loading ? 'Loading…' : empty} />
      {page.data && page.data.total > PAGE && <Pager total={page.data.total} limit={PAGE} offset={offset} onOffset={setOffset} />}
    </section>
  );
}

const gameLink = (verb: string) => (game: GameSummary) => (
  <a href={`/games/${game.id}${verb === 'Replay' ? '/replay' : ''}`}>
    {verb} {gameName(game)}
  </a>
);

/**
 * The start page: your turn across games, your games, invitations, open games to join, games to
 * watch and finished games to replay (the game lists need an account).
 */
export function LobbyPage() {
  const session = useSession();
  usePageTitle(`Lobby — ${SITE_TITLE}`);
  const query = (extra: Record<string, unknown>) => (offset: number) =>
    unwrap(api.GET('/v1/games', { params: { query: { limit: PAGE, offset, ...extra } } })) as Promise<GamePage>;
  return (
    <section>
      <h1>Lobby</h1>
      <section class="panel intro" aria-labelledby="intro-heading">
        <h2 id="intro-heading">Board games, played at your own pace</h2>
        <p>Play by web: make your move when you have time, the others are told when it is their turn. Games here:</p>
        <ul class="plain games-offered">
          {Object.values(gameUis).map((ui) => (
            <li key={ui.title}>
              <strong>{ui.title}</strong> — {ui.tagline}
            </li>
          ))}
        </ul>
      </section>
      {session ? (
        <p>
          <a class="btn btn-primary" href="/games/new">
            Create a game
          </a>
        </p>
      ) : (
        <p>
          <a href="/login">Log in or register</a> to play and to see the games running. Anyone with a game's link may watch it.
        </p>
      )}
      <div class="grid lobby-lists">
        {session && <YourTurnList />}
        {session && <GameList title="Your games" load={query({ mine: true, status: 'active' })} link={gameLink('Open')} empty="You sit in no running game." />}
        {session && (
          <GameList
            title="Invitations"
            load={async () => {
              const games = (await unwrap(api.GET('/v1/me/invitations'))) as GameSummary[];
              return { total: games.length, games };
            }}
            link={gameLink('Open')}
            empty="No invitation."
            pollSeconds={30}
          />
        )}
        {session && (
          <GameList
            title="Open games"
            load={(offset) => unwrap(api.GET('/v1/lobby', { params: { query: { limit: PAGE, offset } } })) as Promise<GamePage>}
            link={gameLink('Join')}
            empty="No open game: create one."
          />
        )}
        {session && (
          <GameList
            title="Games to watch"
            load={query({ status: 'active' })}
            link={gameLink('Watch')}
            empty="No game running."
            hide={(game) => game.seats.some((seat) => seat.username === session.user.username)}
          />
        )}
        {session && <GameList title="Finished games" load={query({ status: 'finished' })} link={gameLink('Replay')} empty="No finished game yet." />}
      </div>
    </section>
  );
}
