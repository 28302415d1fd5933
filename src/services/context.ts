import type { GameStatus } from '../store/games.js';
import type { AccountStatus } from '../auth/disabled-accounts.js';
import type { TokenService } from '../auth/tokens.js';
import type { AnyGameDefinition } from '../engine/types.js';
import type { Db } from '../store/db.js';
import type { BotThinking } from './bots.js';
import type { ChatEvent } from './chat.js';

/**
 * Wakes the background workers after a commit, in this process and (by NOTIFY) in the others. The
 * work itself is recorded in the committed rows (games.due_at, the webhook outbox); a lost signal
 * only delays it until a worker's next poll.
 */
export interface WorkSignal {
  /** A game's due work was recorded for `at`. */
  gameDue(at: Date): void;
  /** Webhook deliveries were written to the outbox. */
  deliveriesDue(): void;
}

/** What a user's account stream (GraphQL `myTurn`, SSE) carries. */
export interface AccountEvent {
  type: 'game_updated';
  gameId: string;
  gameType: string;
  version: number;
  status: GameStatus;
  yourTurn: boolean;
  deadline: string | null;
  /** This change began your seat's turn (engine/turns.ts): the SSE `event:` is then `your_turn`. */
  turnStarted: boolean;
}

/** Live notifications, sent only after the change is committed. Carry ids and versions, never state. */
export interface EventBus {
  /** `started`: the change is the start (version 1), not an action. */
  gameChanged(gameId: string, version: number, started?: boolean): void;
  /** An undo request was asked or answered without moving the game (an approval that takes moves back is a gameChanged). */
  undoRequestsChanged(gameId: string, version: number): void;
  account(userId: string, event: AccountEvent): void;
  /** A chat message was posted or deleted (services/chat.ts). */
  chat(gameId: string, event: ChatEvent): void;
}

/** What every use case may depend on. Built once in app.ts; tests build it with their own catalog and clock. */
export interface ServiceContext {
  db: Db;
  catalog: Record<string, AnyGameDefinition>;
  tokens: TokenService;
  /** Disabled accounts, current in every process (auth/disabled-accounts.ts). */
  accounts: AccountStatus;
  events: EventBus;
  work: WorkSignal;
  now(): Date;
  /** Per-account quotas (settings OPEN_GAMES_PER_ACCOUNT, WEBHOOKS_PER_ACCOUNT). */
  quotas: { openGamesPerAccount: number; webhooksPerAccount: number; apiTokensPerAccount: number };
  /** A game whose log has this many events when a bot is to move is aborted (setting BOT_GAME_MAX_EVENTS; services/due.ts). */
  botGameMaxEvents: number;
  /** Games with fewer moves by persons are not rated (setting RATING_MIN_MOVES; services/ratings.ts). */
  ratings: { minMoves: number };
  /** How far the account event stream replays missed events (settings RESUME_EVENTS_PER_GAME, RESUME_WINDOW_MINUTES). */
  resume: { eventsPerGame: number; windowMs: number };
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** Where the search bots think (services/bots.ts); absent: they think inline, in the due-work step (tests, scripts). */
  bots?: BotThinking;
}
