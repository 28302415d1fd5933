import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi, useSession } from '../api/hooks';
import { Table, Pager, type Column } from '../ui/Table';
import { ErrorBox } from '../ui/forms';
import { describeTimeControl, seatName, type GamePage, type GameSummary } from './game-api';
import { YourTurnList } from './YourTurn';

const PAGE = 10;

function seatsText(game: GameSummary): string {
  return game.seats.map(seatName).join(' · ');
}

const columns = (link: (game: GameSummary) => preact.ComponentChildren): Column<GameSummary>[] => [
  { key: 'game', header: 'Game', cell: (game) => link(game) },
  { key: 'seats', header: 'Seats', cell: seatsText },
  { key: 'time', header: 'Time control', cell: (game) => describeTimeControl(game.timeControl) },
];

/** One paginated list of games with its own offset. */
function GameList({ title, load, link, empty }: { title: string; load(offset: number): Promise<GamePage>; link(game: GameSummary): preact.ComponentChildren; empty: string }) {
  const session = useSession();
  const [offset, setOffset] = useState(0);
  const page = useApi(() => load(offset), [offset, session?.token]);
  return (
    <section class="panel" aria-label={title}>
      <h2>{title}</h2>
      <ErrorBox error={page.error} />
      <Table columns={columns(link)} rows={page.data?.games ?? []} rowKey={(game) => game.id} empty={page.loading ? 'Loading…' : empty} />
      {page.data && page.data.total > PAGE && <Pager total={page.data.total} limit={PAGE} offset={offset} onOffset={setOffset} />}
    </section>
  );
}

const gameLink = (verb: string) => (game: GameSummary) => (
  <a href={`/games/${game.id}${verb === 'Replay' ? '/replay' : ''}`}>
    {verb} {game.type} #{game.id.slice(0, 8)}
  </a>
);

/**
 * The start page: your turn across games, your games, invitations, open games to join, games to
 * watch and finished games to replay (the game lists need an account).
 */
export function LobbyPage() {
  const session = useSession();
  const query = (extra: Record<string, unknown>) => (offset: number) =>
    unwrap(api.GET('/v1/games', { params: { query: { limit: PAGE, offset, ...extra } } })) as Promise<GamePage>;
  return (
    <section>
      <h1>Lobby</h1>
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
      <div class="grid">
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
        {session && <GameList title="Games to watch" load={query({ status: 'active' })} link={gameLink('Watch')} empty="No game running." />}
        {session && <GameList title="Finished games" load={query({ status: 'finished' })} link={gameLink('Replay')} empty="No finished game yet." />}
      </div>
    </section>
  );
}
