import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi } from '../api/hooks';
import { gameTitle } from '../games';
import { playerName } from '../games/names';
import { ErrorBox, SelectField } from '../ui/forms';
import { Pager, Table, type Column } from '../ui/Table';

const PAGE_SIZE = 25;
/** A rating as shown: whole points, as on chess sites (the server keeps mu and sigma exact). */
const shown = (rating: number) => String(Math.round(rating));

type LeaderboardRow = { rank: number; username: string; rating: number; games: number };
const leaderboardColumns: Column<LeaderboardRow>[] = [
  { key: 'rank', header: 'Rank', cell: (row) => row.rank },
  { key: 'player', header: 'Player', cell: (row) => <a href={`/players/${encodeURIComponent(row.username)}`}>{row.username}</a> },
  { key: 'rating', header: 'Rating', cell: (row) => shown(row.rating) },
  { key: 'games', header: 'Rated games', cell: (row) => row.games },
];

/** The leaderboard of one game type (GET /v1/game-types/{type}/leaderboard), best first, a page at a time. */
export function LeaderboardPage({ type }: { type?: string }) {
  const { route } = useLocation();
  const types = useApi(() => unwrap(api.GET('/v1/game-types')), []);
  const chosen = type ?? types.data?.[0]?.id;
  const [offset, setOffset] = useState(0);
  const board = useApi(
    () => (chosen ? unwrap(api.GET('/v1/game-types/{type}/leaderboard', { params: { path: { type: chosen }, query: { limit: PAGE_SIZE, offset } } })) : Promise.resolve(undefined)),
    [chosen, offset],
  );
  return (
    <section>
      <h1>Leaderboard{chosen ? `: ${gameTitle(chosen)}` : ''}</h1>
      <p class="muted">Ratings change when rated games between people finish; a rating grows as the system grows sure of the player.</p>
      {types.data && (
        <SelectField
          label="Game"
          value={chosen ?? ''}
          onChange={(event) => {
            setOffset(0);
            route(`/leaderboard/${event.currentTarget.value}`);
          }}
          options={types.data.map((entry) => ({ value: entry.id, label: gameTitle(entry.id) }))}
        />
      )}
      <ErrorBox error={types.error ?? board.error} />
      {board.data && (
        <>
          <Table caption="Players by rating" columns={leaderboardColumns} rows={board.data.items} rowKey={(row) => row.username} empty="Nobody has a rating in this game yet." />
          <Pager total={board.data.total} limit={board.data.limit} offset={board.data.offset} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}

/** An account's profile (GET /v1/users/{username}/profile): ratings per game, recent games with results and replays. */
export function ProfilePage({ username }: { username: string }) {
  const profile = useApi(() => unwrap(api.GET('/v1/users/{username}/profile', { params: { path: { username } } })), [username]);
  const data = profile.data;
  type Recent = NonNullable<typeof data>['recentGames'][number];
  const recentColumns: Column<Recent>[] = [
    { key: 'game', header: 'Game', cell: (game) => gameTitle(game.type) },
    { key: 'players', header: 'Players', cell: (game) => game.players.map((username, seat) => playerName({ seat, username, bot: game.bots[seat] }, seat)).join(', ') },
    { key: 'result', header: 'Result', cell: (game) => (game.status === 'aborted' ? 'Aborted' : game.won === null ? 'No result' : `${game.won ? 'Won' : 'Lost'}${game.place !== null ? ` (place ${game.place})` : ''}${game.score !== null ? `, ${game.score} points` : ''}`) },
    { key: 'rating', header: 'Rating', cell: (game) => (game.ratingBefore === null || game.ratingAfter === null ? 'Unrated' : `${shown(game.ratingBefore)} → ${shown(game.ratingAfter)}`) },
    { key: 'replay', header: 'Replay', cell: (game) => <a href={`/games/${game.gameId}/replay`}>Replay</a> },
  ];
  return (
    <section>
      <h1>{data?.username ?? username}</h1>
      <ErrorBox error={profile.error} />
      {data && (
        <>
          <p class="muted">Playing since {new Date(data.createdAt).toLocaleDateString()}.</p>
          <h2>Ratings</h2>
          {data.ratings.length === 0 ? (
            <p>No rated games yet.</p>
          ) : (
            <ul class="plain">
              {data.ratings.map((rating) => (
                <li key={rating.gameType}>
                  <a href={`/leaderboard/${rating.gameType}`}>{gameTitle(rating.gameType)}</a>: {shown(rating.rating)} after {rating.games} rated game{rating.games === 1 ? '' : 's'}
                </li>
              ))}
            </ul>
          )}
          <h2>Recent games</h2>
          <Table caption="Recent games" columns={recentColumns} rows={data.recentGames} rowKey={(game) => game.gameId} empty="No finished games yet." />
        </>
      )}
    </section>
  );
}
