import { createClient, type Client } from 'graphql-ws';
import { useEffect, useRef } from 'preact/hooks';
import { subscribeGame, type GameUpdate } from '../api/live';
import { getSession } from '../api/session';

/**
 * Calls `onUpdate` for every change of the game (GraphQL `gameUpdated`) while the page shows it;
 * the latest callback is used, so it may close over fresh state.
 */
export function useGameUpdated(gameId: string | undefined, onUpdate: (update: GameUpdate) => void): void {
  const callback = useRef(onUpdate);
  callback.current = onUpdate;
  useEffect(() => {
    if (!gameId) return;
    return subscribeGame(gameId, (update) => callback.current(update));
  }, [gameId]);
}

/**
 * Calls `onEvent` when one of the account's games changes (GraphQL `accountEvents`: turns, moves,
 * starts, ends), so "your turn" lists stay current without polling. Changes of the `exclude` game
 * (the one on screen) are ignored, and a burst of changes gives one call a second later.
 */
export function useAccountEvents(onEvent: () => void, enabled: boolean, exclude?: string): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const session = getSession();
    if (!session) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const changed = (gameId: string | undefined) => {
      if (gameId === exclude || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        callback.current();
      }, 1000);
    };
    const client: Client = createClient({
      url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
      lazy: true,
      retryAttempts: Infinity,
      connectionParams: { authorization: `Bearer ${session.token}` },
    });
    const stop = client.subscribe<{ accountEvents: { gameId: string } }>(
      { query: 'subscription { accountEvents { gameId version yourTurn } }' },
      { next: (message) => changed(message.data?.accountEvents.gameId), error: () => {}, complete: () => {} },
    );
    return () => {
      clearTimeout(pending);
      stop();
      void client.dispose();
    };
  }, [enabled, exclude]);
}
