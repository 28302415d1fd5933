import { createClient, type Client } from 'graphql-ws';
import { useEffect, useState } from 'preact/hooks';
import { getSession, onSessionChange } from './session';

/**
 * Live updates over the GraphQL subscription (graphql-ws on /graphql), one shared socket per
 * session, authenticated in connection_init like any third-party client.
 */
export interface GameUpdate {
  gameId: string;
  version: number;
  status: string;
  activeSeats: number[];
  view: unknown;
  /** The log entries of this version's event the caller may read. */
  log: { message: string; data: unknown }[];
  result: unknown;
  /** An undo request was asked or answered; the game itself did not change. */
  undoRequestsChanged: boolean;
}

let client: Client | null = null;

function liveClient(): Client {
  if (!client) {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
    client = createClient({
      url,
      lazy: true,
      retryAttempts: Infinity,
      connectionParams: () => {
        const session = getSession();
        return session ? { authorization: `Bearer ${session.token}` } : {};
      },
    });
  }
  return client;
}

// A new login (or logout) needs a new connection_init.
onSessionChange(() => {
  void client?.dispose();
  client = null;
});

const GAME_UPDATED = `subscription GameUpdated($gameId: ID!) {
  gameUpdated(gameId: $gameId) { gameId version status activeSeats view log { message data } result undoRequestsChanged }
}`;

/** Calls `onUpdate` for every change of the game until the returned function is called. */
export function subscribeGame(gameId: string, onUpdate: (update: GameUpdate) => void, onError?: (error: unknown) => void): () => void {
  return liveClient().subscribe<{ gameUpdated: GameUpdate }>(
    { query: GAME_UPDATED, variables: { gameId } },
    {
      next: (message) => {
        if (message.data) onUpdate(message.data.gameUpdated);
        else if (message.errors) onError?.(message.errors);
      },
      error: (error) => onError?.(error),
      complete: () => {},
    },
  );
}

const ACCOUNT_EVENTS = `subscription AccountEvents { accountEvents { gameId version yourTurn } }`;

/** Calls `onEvent` with the game id of every change in the account's games (`accountEvents`) until stopped. */
export function subscribeAccountEvents(onEvent: (gameId: string) => void): () => void {
  return liveClient().subscribe<{ accountEvents: { gameId: string } }>(
    { query: ACCOUNT_EVENTS },
    { next: (message) => message.data && onEvent(message.data.accountEvents.gameId), error: () => {}, complete: () => {} },
  );
}

/** The latest update of a game (undefined until the first one arrives). */
export function useGameUpdates(gameId: string | undefined): GameUpdate | undefined {
  const [update, setUpdate] = useState<GameUpdate | undefined>(undefined);
  useEffect(() => {
    setUpdate(undefined);
    if (!gameId) return;
    return subscribeGame(gameId, setUpdate);
  }, [gameId]);
  return update;
}

/** A chat message as the API sends it (REST ChatMessage; GraphQL gives the id as a string). */
export interface ChatMessage {
  id: number;
  channel: 'players' | 'spectators';
  author: string;
  text: string;
  createdAt: string;
}

const CHAT_MESSAGES = `subscription ChatMessages($gameId: ID!, $channel: ChatChannel!) {
  chatMessages(gameId: $gameId, channel: $channel) { type deletedId message { id channel author text createdAt } }
}`;

/** Calls `onMessage` for each new message of a game's chat channel, `onDeleted` for each one an admin deleted, until stopped. */
export function subscribeChat(gameId: string, channel: ChatMessage['channel'], onMessage: (message: ChatMessage) => void, onDeleted: (id: number) => void): () => void {
  type Event = { type: 'message' | 'deleted'; deletedId: string | null; message: (Omit<ChatMessage, 'id'> & { id: string }) | null };
  return liveClient().subscribe<{ chatMessages: Event }>(
    { query: CHAT_MESSAGES, variables: { gameId, channel } },
    {
      next: ({ data }) => {
        const event = data?.chatMessages;
        if (event?.type === 'message' && event.message) onMessage({ ...event.message, id: Number(event.message.id) });
        else if (event?.type === 'deleted' && event.deletedId) onDeleted(Number(event.deletedId));
      },
      error: () => {},
      complete: () => {},
    },
  );
}
