import { api, unwrap } from '../api/client';
import { useEffect } from 'preact/hooks';
import { useApi, useSession } from '../api/hooks';
import { Clock } from './Clock';
import { gameName, type GameSummary } from './game-api';
import { useAccountEvents } from './live';
import { t } from '../i18n';

/**
 * The games waiting for your move (none when logged out), read again when one of your games changes
 * (changes of the `exclude` game, the one on screen, are left to its page).
 */
export function useAwaitingGames(exclude?: string): { games: GameSummary[]; loading: boolean } {
  const session = useSession();
  const list = useApi(async () => (session ? ((await unwrap(api.GET('/v1/games', { params: { query: { awaitingMe: true, limit: 50 } } }))).games as GameSummary[]) : []), [session?.token]);
  useAccountEvents(list.reload, Boolean(session), exclude);
  return { games: list.data ?? [], loading: list.loading };
}

/**
 * The tab's title, as Board Game Arena and lichess show it: the number of games waiting for your
 * move first, so a tab in the background says it is your turn ("(2) Your turn — Guild town with
 * ann, bob"). Restored when the page goes.
 */
export function usePageTitle(title: string | null): void {
  const { games } = useAwaitingGames();
  const count = games.length;
  useEffect(() => {
    if (title === null) return;
    document.title = `${count ? `(${count}) ` : ''}${title}`;
  }, [title, count]);
  useEffect(() => () => void (document.title = SITE_TITLE), []);
}

export const SITE_TITLE = t('pages.siteTitle');

/**
 * The games where it is your turn, across all games, kept current by the account's live events
 * (any change in a game you sit in reloads the list).
 */
export function YourTurnList({ exclude, compact = false }: { exclude?: string; compact?: boolean }) {
  const list = useAwaitingGames(exclude);
  const games = list.games.filter((game) => game.id !== exclude);
  if (compact && games.length === 0) return null;
  return (
    <section class="panel" aria-label={t('pages.yourTurn.title')} data-testid="your-turn">
      <h2>{compact ? t('pages.yourTurn.elsewhere') : t('pages.yourTurn.title')}</h2>
      {games.length === 0 ? (
        <p class="muted">{list.loading ? t('pages.loading') : t('pages.yourTurn.empty')}</p>
      ) : (
        <ul class="plain">
          {games.map((game) => (
            <li key={game.id}>
              <a href={`/games/${game.id}`}>
                {gameName(game)}
              </a>{' '}
              <Clock deadline={game.deadline} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
