import { api, unwrap } from '../api/client';
import { useApi, useSession } from '../api/hooks';
import { gameTitle } from '../games';
import { Clock } from './Clock';
import type { GameSummary } from './game-api';
import { useAccountEvents } from './live';

/**
 * The games where it is your turn, across all games, kept current by the account's live events
 * (any change in a game you sit in reloads the list).
 */
export function YourTurnList({ exclude, compact = false }: { exclude?: string; compact?: boolean }) {
  const session = useSession();
  const list = useApi(() => unwrap(api.GET('/v1/games', { params: { query: { awaitingMe: true, limit: 50 } } })), [session?.token]);
  useAccountEvents(list.reload, Boolean(session), exclude);
  const games = ((list.data?.games ?? []) as GameSummary[]).filter((game) => game.id !== exclude);
  if (compact && games.length === 0) return null;
  return (
    <section class="panel" aria-label="Your turn" data-testid="your-turn">
      <h2>{compact ? 'Your turn elsewhere' : 'Your turn'}</h2>
      {games.length === 0 ? (
        <p class="muted">{list.loading ? 'Loading…' : 'No game is waiting for you.'}</p>
      ) : (
        <ul class="plain">
          {games.map((game) => (
            <li key={game.id}>
              <a href={`/games/${game.id}`}>
                {gameTitle(game.type)} #{game.id.slice(0, 8)}
              </a>{' '}
              <Clock deadline={game.deadline} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
