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
 * Calls `onEvent` whenever one of the account's games changes (GraphQL `accountEvents`: turns,
 * moves, starts, ends), so "your turn" lists stay current without polling.
 */
export function useAccountEvents(onEvent: () => void, enabled: boolean): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const session = getSession();
    if (!session) return;
    const client: Client = createClient({
      url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
      lazy: true,
      retryAttempts: Infinity,
      connectionParams: { authorization: `Bearer ${session.token}` },
    });
    const stop = client.subscribe(
      { query: 'subscription { accountEvents { gameId version yourTurn } }' },
      { next: () => callback.current(), error: () => {}, complete: () => {} },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [enabled]);
}
