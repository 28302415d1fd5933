import { CLIENT_SEED_PATTERN } from '../engine/deal.js';
import { Type, type Static } from '@sinclair/typebox';
import type { Locale } from '../shared/i18n/locales.js';

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
    gameType: Type.Optional(Type.String({ description: "RULE_VIOLATION/{rule}: the game's type; the catalog's `<gameType>.rule.<rule>` (GET /v1/game-types/{type}/log-keys) words the rule in other languages" })),
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
/**
 * A language as asked for, checked by the service (400 UNKNOWN_LANGUAGE for one the site does not
 * speak). One `type` list, not a union: the schemas' type coercion would turn null into "" or "" into null.
 */
const languageChoice = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 35, description });
export const LanguageChoice = languageChoice('`en`, `de` or `pseudo` (English accented and longer, for testing), or null for none');
export const RegisterBody = Type.Object({
  username: Username, password: Password,
  language: Type.Optional(languageChoice("The account's language (`en`, `de`, `pseudo`) or null; left out, the request's Accept-Language decides when it names a language the site speaks, else none")),
}, { additionalProperties: false });
export const LoginBody = Type.Object({ username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

/** A language the site speaks (src/shared/i18n/locales.ts): `pseudo` is English accented and longer, for testing translations. */
export const Language = Type.Union([Type.Literal('en'), Type.Literal('de'), Type.Literal('pseudo')], { description: 'A language the site speaks: `en` English, `de` German, `pseudo` English accented and about 40% longer (to test that every word is translated)' });
/** The schema's languages are exactly the site's (a language added to locales.ts fails the type check here until added above). */
export const LANGUAGES_MATCH: [Static<typeof Language>] extends [Locale] ? ([Locale] extends [Static<typeof Language>] ? true : false) : false = true;

export const User = Type.Object(
  {
    id: Type.String({ format: 'uuid' }), username: Type.String(), role: Type.Union([Type.Literal('player'), Type.Literal('admin')]), createdAt: Type.String({ format: 'date-time' }),
    language: Type.Optional(Type.Union([Language, Type.Null()], { description: "The account's language: mails, pushes and the web pages use it (PUT /v1/me/language); null: the browser's languages decide (mails and pushes: English)" })),
  },
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

/**
 * A log line as data for any language (src/shared/i18n/log.ts, docs/i18n.md): its key and its
 * arguments, beside the English `message`. Lines stored before keys existed have neither.
 */
export const LOG_ARGS_DESCRIPTION = "The key's arguments by name. Each is one of: a number; a string (shown as it is: a username, an admin's reason); `{ \"seat\": n }` (seat n's player: show their name); `{ \"term\": \"building.smithy\" }` (a word of the game: the catalog's `<type>.term.<term>`); `{ \"entry\": { message, key, args } }` (another log line, rendered the same way: a take-back names the move it takes back); or a list of these (join them as the language joins lists). GET /v1/game-types/{type}/log-keys lists each key's arguments and the catalog's words.";
export const logKeyFields = {
  key: Type.Optional(Type.String({ description: "The line's stable key: the catalog's `<type>.log.<key>`; keys starting `kernel.` are the server's own lines (a timeout, a take-back, a resignation), the catalog's `common.<key>`, the same for every game. Absent on lines stored before keys existed: show `message`." })),
  args: Type.Optional(Type.Record(Type.String(), Type.Ref('LogArg'), { description: LOG_ARGS_DESCRIPTION })),
};
/** One argument of a log line's key (src/shared/i18n/log.ts `LogArg`). */
export const LogArg = Type.Union([
  Type.Number(),
  Type.String(),
  Type.Object({ seat: Type.Integer({ minimum: 0, description: "A seat: show its player's name" }) }),
  Type.Object({ term: Type.String({ description: "A word of the game: the catalog's `<type>.term.<term>`" }) }),
  Type.Object({ entry: Type.Ref('LogEntry', { description: 'Another log line, worded the same way' }) }),
  Type.Array(Type.Ref('LogArg'), { description: 'A list of arguments, joined as the language joins lists' }),
], { $id: 'LogArg', description: "One argument of a log line's key: a number, a string (shown as it is), a seat, a term, another line, or a list of these" });
export const LogEntry = Type.Object({
  message: Type.String({ description: 'The line in English (what a client without a catalog shows)' }),
  ...logKeyFields,
  data: Type.Optional(Type.Unknown()),
}, { $id: 'LogEntry', description: 'One line of the log: English words, the key and arguments to word it in any language (GET /v1/game-types/{type}/log-keys), and its facts' });
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

/** GET /v1/game-types/{type}/log-keys (services/log-words.ts). */
const Words = Type.Record(Type.String(), Type.String(), { description: 'The catalog message by language (`en`, `de`): ICU MessageFormat' });
export const GameLogKeys = Type.Object({
  type: Type.String(),
  languages: Type.Array(Type.String(), { description: 'The languages `messages` give' }),
  format: Type.Literal('ICU MessageFormat', { description: 'How the messages are written: https://unicode-org.github.io/icu/userguide/format_parse/messages/' }),
  title: Type.Union([Words, Type.Null()], { description: "The game's name (null: the catalog has none; use GET /v1/game-types' `title`)" }),
  argumentKinds: Type.Record(Type.String(), Type.String(), { description: 'What each argument kind is and how to show it' }),
  keys: Type.Array(Type.Object({
    key: Type.String({ description: "A log line's `key`" }),
    catalogKey: Type.String({ description: 'Its message in the catalog: `<type>.log.<key>`, or `common.<key>` for `kernel.*`' }),
    args: Type.Record(Type.String(), Type.Union(['seat', 'seats', 'term', 'terms', 'number', 'text', 'entry'].map((kind) => Type.Literal(kind))), { description: 'Each argument of the line and its kind' }),
    messages: Words,
  })),
  terms: Type.Array(Type.Object({ term: Type.String({ description: 'What a `{ "term": … }` argument names' }), catalogKey: Type.String(), messages: Words })),
  rules: Type.Array(Type.Object({ rule: Type.String({ description: 'The `rule` of a RULE_VIOLATION/<rule> refusal' }), catalogKey: Type.String(), messages: Words })),
  players: Type.Object({ catalogKey: Type.String(), messages: Words }, { description: 'How a seat without a player is named ("Player {n}", n = seat + 1)' }),
}, { $id: 'GameLogKeys', description: "A game type's log keys and the catalog's words for them, its terms and its rule sentences, in every language the server speaks" });
