import { CLIENT_SEED_PATTERN } from '../engine/deal.js';
import { Type, type Static } from '@sinclair/typebox';

/** TypeBox schemas shared by routes (they become the OpenAPI components). */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable machine-readable code, e.g. STALE_VERSION or RULE_VIOLATION/NOT_ENOUGH_MONEY' }),
    instance: Type.Optional(Type.String({ description: 'The request path' })),
    errors: Type.Optional(Type.Array(Type.String(), { description: 'VALIDATION_FAILED, INVALID_ACTION, INVALID_OPTIONS: each problem in words' })),
    currentVersion: Type.Optional(Type.Integer({ description: 'STALE_VERSION: the version the game is at' })),
    rule: Type.Optional(Type.String({ description: "RULE_VIOLATION/{rule}: the engine's rule code" })),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details' },
);

/** Versions and event numbers are PostgreSQL integers: larger numbers are refused here, not by the database. */
export const MAX_SEQ = 2_147_483_647;
/** The deepest page of any list. */
export const MAX_OFFSET = 1_000_000;

export const Username = Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' });
export const Password = Type.String({ minLength: 8, maxLength: 200 });
export const Credentials = Type.Object({ username: Username, password: Password }, { additionalProperties: false });
export const LoginBody = Type.Object({ username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

export const User = Type.Object(
  { id: Type.String({ format: 'uuid' }), username: Type.String(), role: Type.Union([Type.Literal('player'), Type.Literal('admin')]), createdAt: Type.String({ format: 'date-time' }) },
  { $id: 'User' },
);

export const GameStatus = Type.Union([Type.Literal('open'), Type.Literal('active'), Type.Literal('finished'), Type.Literal('aborted')], { description: '`aborted`: ended by an admin, without a result' });
/** What an event of the log is (store/games.ts EventKind). */
export const EventKind = Type.Union([Type.Literal('start'), Type.Literal('action'), Type.Literal('timeout'), Type.Literal('undo'), Type.Literal('resign'), Type.Literal('rules'), Type.Literal('replace'), Type.Literal('abort')], {
  description: '`start` the game started (event 1 of games started since 2026-11-27: the start has a version of its own), `action` a move, `timeout` a deadline passed, `undo` a take-back, `resign`, `rules` moved to newer rules, `replace` an admin gave the seat to a bot, `abort` an admin ended the game',
});
export const GameId = Type.Object({ id: Type.String({ format: 'uuid' }) });

const gameFields = {
  id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  rulesVersion: Type.Integer(),
  status: GameStatus,
  options: Type.Unknown(),
  version: Type.Integer({ description: 'Seq of the last event; 0 before the first action' }),
  seatCount: Type.Integer(),
  private: Type.Boolean({ description: 'Hidden from the lobby and from spectators' }),
  rated: Type.Boolean({ description: 'Chosen at creation: the game changes its players\' ratings when it finishes (games with a bot seat, shorter ones than RATING_MIN_MOVES and aborted ones never do)' }),
  timeControl: Type.Ref('TimeControl', { description: 'The time control chosen at creation' }),
  seats: Type.Array(Type.Object({
    seat: Type.Integer(),
    username: Type.Union([Type.String(), Type.Null()]),
    bot: Type.Union([Type.String(), Type.Null()], { description: 'The bot playing this seat, if any' }),
    reservedFor: Type.Union([Type.String(), Type.Null()], { description: 'The invited user this open seat is held for' }),
    declinedBy: Type.Union([Type.String(), Type.Null()], { description: 'The user who last declined an invitation to this seat (POST /v1/games/{id}/decline); null once it is reserved again' }),
    resigned: Type.Boolean(),
  })),
  activeSeats: Type.Array(Type.Integer(), { description: 'Seats that may act now' }),
  deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'The earliest deadline of the seats to act' }),
  yourSeat: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.Unknown({ description: 'The outcome once finished: scores, winners, ranking' }),
  seedCommitment: Type.String({ description: 'SHA-256 (hex) of the seed the deal comes from, published from creation' }),
  revealedSeed: Type.Union([Type.String(), Type.Null()], { description: 'The server seed, once the game is over (finished or aborted): check it against seedCommitment; GET /v1/games/{id}/record' }),
  seedDerivation: Type.Integer({ minimum: 1, description: 'How the deal seed comes from the server seed and the client seeds (docs/fairness.md): 2 for games created since client seeds exist, 1 before (the server seed alone)' }),
  clientSeeds: Type.Union([Type.Array(Type.Union([Type.String(), Type.Null()])), Type.Null()], { description: 'Per seat, the client seed its player gave before the start (null: none); the deal comes from the server seed and these together. Null for games of seed derivation 1' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  importedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When an admin imported the game from a record (null: played here). Its seedCommitment was published then, after the deal was known: its record replays but does not prove the deal fair (docs/fairness.md §6)' }),
};
export const GameSummary = Type.Object(gameFields, { $id: 'GameSummary', description: 'A game without its view' });
export const GameDetail = Type.Object({ ...gameFields, view: Type.Unknown({ description: "The caller's seat's view of the state (spectator view for non-players)" }) }, { $id: 'GameDetail', description: "A game with the caller's view" });

/** `total` of a game list: counted up to LIST_COUNT_CAP past the page's offset (store/games.ts#cappedTotal). */
export const TotalField = Type.Integer({ description: 'Games matching over all pages, counted up to 1,000 (setting LIST_COUNT_CAP; the lobby: 100, LOBBY_COUNT_CAP) past this page\'s `offset`: exact unless `totalCapped`, then a lower bound (a next page exists while `offset` + page < `total`)' });
export const TotalCappedField = Type.Boolean({ description: 'More games match past this page\'s `offset` than the server counts (LIST_COUNT_CAP, 1,000 by default): `total` is a lower bound' });
export const GamePage = Type.Object(
  { total: TotalField, totalCapped: TotalCappedField, limit: Type.Integer(), offset: Type.Integer(), games: Type.Array(Type.Ref('GameSummary')) },
  { $id: 'GamePage', description: 'One page of a game list' },
);
export const LegalActions = Type.Object(
  {
    gameType: Type.String({ description: 'The game type: which action union `actions` holds' }),
    version: Type.Integer({ description: 'The game version these actions are legal at (send it as expectedVersion)' }),
    seat: Type.Integer({ description: 'Your seat' }),
    actions: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true }), { description: "Each one an action of the game's action schema, ready to submit" }),
  },
  { $id: 'LegalActions' },
);

export const LogEntry = Type.Object({ message: Type.String(), data: Type.Optional(Type.Unknown()) }, { $id: 'LogEntry' });
export const PlayerEvent = Type.Object(
  {
    seq: Type.Integer(),
    seat: Type.Union([Type.Integer(), Type.Null()]),
    kind: EventKind,
    undoesSeq: Type.Union([Type.Integer(), Type.Null()], { description: 'For an undo: the event taken back (with all after it)' }),
    action: Type.Unknown({ description: 'The action, only on your own events' }),
    log: Type.Array(Type.Ref('LogEntry')),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'PlayerEvent' },
);

export const ClientSeed = Type.String({ minLength: 1, maxLength: 64, pattern: CLIENT_SEED_PATTERN, description: 'Your contribution to the deal: 1 to 64 letters, digits or `. _ ~ : -` (pick it at random: the deal comes from it and the server seed together)' });
export const CreateGameBody = Type.Object(
  {
    type: Type.String({ maxLength: 64 }),
    seats: Type.Integer({ minimum: 1, maximum: 16 }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true })),
    private: Type.Optional(Type.Boolean({ default: false })),
    rated: Type.Optional(Type.Boolean({ default: true, description: 'Change the players\' ratings when the game finishes (default true)' })),
    timeControl: Type.Optional(Type.Ref('TimeControl')),
    clientSeed: Type.Optional({ ...ClientSeed, description: 'Your client seed for seat 0 (see setClientSeed); a 1-seat game starts at once, so this is its only chance to give one' }),
  },
  { additionalProperties: false },
);
export const SeatConfigBody = Type.Union(
  [
    Type.Object({ fill: Type.Literal('open') }, { additionalProperties: false }),
    Type.Object({ fill: Type.Literal('bot'), bot: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }),
    Type.Object({ fill: Type.Literal('reserved'), username: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
  ],
  { description: 'Leave the seat open, give it to a bot, or hold it for a named user (an invitation)' },
);
export const GameSeat = Type.Object({ id: Type.String({ format: 'uuid' }), seat: Type.Integer({ minimum: 0, maximum: 15 }) });
export const UndoRequest = Type.Object(
  {
    id: Type.String({ format: 'uuid' }), seq: Type.Integer(), version: Type.Integer(), seat: Type.Integer(),
    approvals: Type.Array(Type.Integer()), status: Type.Union([Type.Literal('open'), Type.Literal('approved'), Type.Literal('declined'), Type.Literal('void')]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'UndoRequest' },
);
/** A player's contribution to the deal (engine/deal.ts, docs/fairness.md). */
export const JoinGameBody = Type.Object({ seat: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })), clientSeed: Type.Optional(ClientSeed) }, { additionalProperties: false });
export const ClientSeedBody = Type.Object({ clientSeed: ClientSeed }, { additionalProperties: false });
export const SubmitActionBody = Type.Object(
  {
    gameType: Type.Optional(Type.String({ maxLength: 64, description: "The game's type: it says which action union `action` is (400 GAME_TYPE_MISMATCH when the game is of another type; older clients may leave it out)" })),
    action: Type.Object({ type: Type.String() }, { additionalProperties: true, description: "One action of the game's actionSchema" }),
    expectedVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SEQ, description: 'Refuse with 409 STALE_VERSION unless the game is at this version' })),
  },
  { additionalProperties: false },
);
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Retries with the same key return the first answer' })),
});
/** A move's headers: an Idempotency-Key, and `Prefer: return=minimal` (RFC 7240) for clients that follow the game's updates elsewhere. */
export const SubmitHeaders = Type.Object({
  ...IdempotencyHeaders.properties,
  prefer: Type.Optional(Type.String({ maxLength: 200, description: '`return=minimal`: answer 204 with the new version in `Game-Version`, without the view and log entries (for clients that follow the game\'s subscription or event stream)' })),
});
/** `Prefer: return=minimal` asked for (RFC 7240: preferences are comma- or semicolon-separated tokens). */
export const prefersMinimal = (prefer: string | undefined) => prefer !== undefined && /(^|[,;\s])return\s*=\s*minimal($|[,;\s])/i.test(prefer);
export const MoveResult = Type.Object(
  { gameType: Type.String({ description: 'The game type: which view `view` is' }), version: Type.Integer(), view: Type.Unknown(), log: Type.Array(Type.Ref('LogEntry')) },
  { $id: 'MoveResult', description: 'The answer to a move (or a take-back): the new version, your view, your log entries' },
);

/** Offset pagination of lists: `limit` (1–100, default 20) and `offset` (default 0); answers carry `total`. */
export const pageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Items to skip' })),
};
/** The page asked for (Ajv has filled the defaults in; this only narrows the type). */
export const pageOf = (query: { limit?: number; offset?: number }) => ({ limit: query.limit ?? 20, offset: query.offset ?? 0 });

export const ListGamesQuery = Type.Object(
  {
    status: Type.Optional(GameStatus),
    mine: Type.Optional(Type.Boolean({ description: 'Only games where you hold a seat' })),
    awaitingMe: Type.Optional(Type.Boolean({ description: 'Only games where it is your turn' })),
    ...pageQuery,
  },
  { additionalProperties: false },
);
export type ListGamesQuery = Static<typeof ListGamesQuery>;
export const LobbyQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 64, description: 'Only games of this type' })), ...pageQuery }, { additionalProperties: false });

/** The `data` of each event of the account event stream (services/account-events.ts): ids and versions, never state. */
export const AccountEventData = Type.Object(
  {
    type: Type.Literal('game_updated'),
    gameId: Type.String({ format: 'uuid' }),
    gameType: Type.String(),
    version: Type.Integer({ description: 'The game\'s version: with `gameId` it tells duplicates apart and orders events of one game' }),
    status: GameStatus,
    yourTurn: Type.Boolean({ description: 'Your seat is to act' }),
    turnStarted: Type.Boolean({ description: 'This change began your seat\'s turn (the SSE `event:` is then `your_turn`); false for a step within your own turn. After a gap, true when your seat is to act' }),
    deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    cursor: Type.String({ description: 'The event\'s id, `<ms>-<gameId>:<version>`: send it back as Last-Event-ID to resume' }),
  },
  { $id: 'AccountEventData', description: 'The JSON `data` of one event of GET /v1/me/events' },
);

/** The `data` of a `gap` event of the account event stream: events beyond the resume window were left out. */
export const StreamGapData = Type.Object(
  {
    type: Type.Literal('gap'),
    gameId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The game whose events were left out; null: the Last-Event-ID was older than the window, every game may have missed events' }),
    gameType: Type.Union([Type.String(), Type.Null()]),
    fromVersion: Type.Union([Type.Integer(), Type.Null()], { description: 'The first version not delivered one by one' }),
    version: Type.Union([Type.Integer(), Type.Null()], { description: 'The game\'s version now: its newest event follows the gap' }),
  },
  { $id: 'StreamGapData', description: 'The JSON `data` of a `gap` event of GET /v1/me/events: reload the game (or its `/log`), or with `gameId` null every game' },
);
