import type { AppRoute } from '../app/route-types';

/**
 * The player pages (owned by the `webplay` work: lobby, create, join, spectate, play, replays).
 * A placeholder lobby until then.
 */
function LobbyPlaceholder() {
  return (
    <section>
      <h1>Lobby</h1>
      <p>Open games will be listed here.</p>
    </section>
  );
}

export const playRoutes: AppRoute[] = [{ path: '/', component: LobbyPlaceholder, nav: 'Lobby' }];
