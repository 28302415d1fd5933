import { useEffect, useRef } from 'preact/hooks';
import { subscribeAccountEvents, subscribeGame, type GameUpdate } from '../api/live';

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
    let pending: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribeAccountEvents((gameId) => {
      if (gameId === exclude || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        callback.current();
      }, 1000);
    });
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, [enabled, exclude]);
}
