import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi } from '../api/hooks';
import { gameTitle } from '../games';
import { playerName } from '../games/names';
import { ErrorBox, SelectField } from '../ui/forms';
import { Pager, Table, type Column } from '../ui/Table';
import { t, tr } from '../i18n';

const PAGE_SIZE = 25;
/** A rating as shown: whole points, as on chess sites (the server keeps mu and sigma exact). */
const shown = (rating: number) => tr.number(Math.round(rating), { useGrouping: false });

type LeaderboardRow = { rank: number; username: string; rating: number; games: number };
const leaderboardColumns = (): Column<LeaderboardRow>[] => [
  { key: 'rank', header: t('pages.ratings.rank'), cell: (row) => tr.number(row.rank) },
  { key: 'player', header: t('pages.ratings.player'), cell: (row) => <a href={`/players/${encodeURIComponent(row.username)}`}>{row.username}</a> },
  { key: 'rating', header: t('pages.ratings.rating'), cell: (row) => shown(row.rating) },
  { key: 'games', header: t('pages.ratings.ratedGames'), cell: (row) => tr.number(row.games) },
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
      <h1>{chosen ? t('pages.ratings.titleOf', { game: gameTitle(chosen) }) : t('pages.ratings.title')}</h1>
      <p class="muted">{t('pages.ratings.about')}</p>
      {types.data && (
        <SelectField
          label={t('pages.ratings.game')}
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
          <Table caption={t('pages.ratings.caption')} columns={leaderboardColumns()} rows={board.data.items} rowKey={(row) => row.username} empty={t('pages.ratings.empty')} />
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
    { key: 'game', header: t('pages.profile.game'), cell: (game) => gameTitle(game.type) },
    { key: 'players', header: t('pages.profile.players'), cell: (game) => game.players.map((username, seat) => playerName({ seat, username, bot: game.bots[seat] }, seat, tr)).join(', ') },
    {
      key: 'result',
      header: t('pages.profile.result'),
      cell: (game) =>
        game.status === 'aborted' ? t('pages.profile.aborted')
        : game.won === null ? t('pages.profile.noResult')
        : t('pages.profile.outcome', { won: game.won ? 'yes' : 'no', place: game.place ?? 0, score: game.score === null ? 'none' : tr.number(game.score), points: game.score ?? 0 }),
    },
    { key: 'rating', header: t('pages.profile.rating'), cell: (game) => (game.ratingBefore === null || game.ratingAfter === null ? t('pages.profile.unrated') : `${shown(game.ratingBefore)} → ${shown(game.ratingAfter)}`) },
    { key: 'replay', header: t('pages.profile.replay'), cell: (game) => <a href={`/games/${game.gameId}/replay`}>{t('pages.profile.replay')}</a> },
  ];
  return (
    <section>
      <h1>{data?.username ?? username}</h1>
      <ErrorBox error={profile.error} />
      {data && (
        <>
          <p class="muted">{t('pages.profile.since', { date: tr.date(data.createdAt, { dateStyle: 'long' }) })}</p>
          <h2>{t('pages.profile.ratings')}</h2>
          {data.ratings.length === 0 ? (
            <p>{t('pages.profile.noRatings')}</p>
          ) : (
            <ul class="plain">
              {data.ratings.map((rating) => (
                <li key={rating.gameType}>
                  <a href={`/leaderboard/${rating.gameType}`}>{gameTitle(rating.gameType)}</a>: {t('pages.profile.ratingAfter', { rating: shown(rating.rating), n: rating.games })}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('pages.profile.recent')}</h2>
          <Table caption={t('pages.profile.recent')} columns={recentColumns} rows={data.recentGames} rowKey={(game) => game.gameId} empty={t('pages.profile.noRecent')} />
        </>
      )}
    </section>
  );
}
