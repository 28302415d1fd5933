/**
 * What each problem `code` means, for the OpenAPI document (one sentence per code, shown in the
 * error responses of the operations that can answer it). The README's error table summarises it.
 */
export const PROBLEM_CODES: Record<string, string> = {
  VALIDATION_FAILED: 'the path, query, headers or body do not match the schema (`errors` lists what)',
  INVALID_JSON: 'the body is not valid JSON',
  INVALID_CHARACTERS: 'a string or key holds a NUL (U+0000) character',
  INPUT_TOO_DEEP: 'JSON input is nested more than 32 levels deep',
  BAD_URL: 'the URL cannot be decoded',
  MALFORMED_REQUEST: 'the request is not valid HTTP',
  INVALID_USERNAME: 'a username is 3 to 32 letters, digits, dots, dashes or underscores',
  WEAK_PASSWORD: 'a password is 8 to 200 characters long',
  UNKNOWN_GAME_TYPE: 'no game of that `type` is served (see GET /v1/game-types)',
  INVALID_SEAT_COUNT: "`seats` is outside the game's player range",
  INVALID_OPTIONS: "the options do not match the game's `optionsSchema`",
  INVALID_TIME_CONTROL: 'the time control does not match the TimeControl schema',
  INVALID_ACTION: "not an action of this game: names the action matched by `type` and the wrong field (`errors` lists them)",
  INVALID_EVENT_ID: 'the Last-Event-ID (or `after`) is not an id the event stream gave',
  INVALID_SCOPES: 'a token needs at least one scope',
  INVALID_WEBHOOK_URL: 'the webhook URL is not an absolute URL',
  INVALID_WEBHOOK_EVENTS: 'unknown webhook events',
  UNAUTHENTICATED: 'no bearer token was sent',
  INVALID_TOKEN: 'the bearer token is malformed, expired, forged or revoked',
  INVALID_CREDENTIALS: 'unknown username or wrong password',
  INSUFFICIENT_SCOPE: 'the personal API token lacks the scope this needs (`read`, `play` or `admin`)',
  ADMIN_ONLY: 'this needs an admin account',
  ACCOUNT_DISABLED: 'the account is disabled by an admin: it cannot log in and its tokens do not work',
  CANNOT_DISABLE_SELF: 'an admin cannot disable their own account',
  LOGIN_REQUIRED: 'API tokens are managed with a login token, not with another API token',
  NOT_A_PLAYER: 'you hold no seat in this game',
  NOT_GAME_CREATOR: 'only the creator of the game (or an admin) may do this',
  SEAT_RESERVED: 'the seat is held for another invited user',
  NOT_AN_APPROVER: 'only the other players answer an undo request',
  NOT_FOUND: 'no such resource, or you may not see it (private games)',
  STALE_VERSION: 'the game is not at `expectedVersion` (`currentVersion` says where it is)',
  GAME_NOT_ACTIVE: 'the game has not started or is over',
  GAME_NOT_OPEN: 'the game has started: seats can no longer change',
  GAME_FULL: 'no seat is free for you',
  SEAT_TAKEN: 'that seat is taken',
  ALREADY_SEATED: 'you (or the invitee) already hold a seat',
  NOT_SEATED: 'you hold no seat to leave',
  NOT_ENOUGH_PLAYERS: "fewer players than the game's minimum have joined",
  USERNAME_TAKEN: 'the username is taken (names are compared ignoring case)',
  ALREADY_RESIGNED: 'you have already resigned',
  TAKE_BACK_NEEDS_APPROVAL: 'another player has moved since: ask with an undo request',
  UNDO_REQUEST_CLOSED: 'the undo request was answered already or a move voided it',
  TOO_MANY_TOKENS: 'the account holds the most live API tokens allowed',
  TOO_MANY_WEBHOOKS: 'the account has the most webhooks allowed (`quota`)',
  TOO_MANY_OPEN_GAMES: 'the account has the most open games it created that have not started (`quota`)',
  RATE_LIMITED: 'too many requests of this kind from this address or account: wait `Retry-After` seconds (`retryAfter`, `limit`, `windowSeconds`, `scope`)',
  URI_TOO_LONG: 'a path parameter is over 100 characters',
  HEADERS_TOO_LARGE: 'the request headers are too large',
  REQUEST_TIMEOUT: 'the request took too long to arrive',
  GAME_TYPE_UNAVAILABLE: "the game's type or rules version is not served by this server",
  RULES_VERSION_UNSUPPORTED: "the game's rules version is not served by this server",
  GAME_NOT_FINISHED: 'the record (and the seed in it) is published once the game is over',
  ALREADY_NEWEST_RULES: 'the game already runs under its type\'s newest rules version',
  GAME_FINISHED: 'a finished game keeps the rules it was played under',
  MIGRATION_ILLEGAL_EVENT: 'an event of the log is illegal under the newest rules: `atEvent` names the first, `rule` the engine\'s code',
  MIGRATION_CHANGES_GAME: 'under the newest rules an event would read differently (`atEvent`) or the game would not be where it is',
  NOT_YOUR_TURN: 'your seat may not act now',
  'RULE_VIOLATION/{rule}': "the game's rules refuse the action: `rule` is the engine's code (e.g. `RULE_VIOLATION/NOT_ENOUGH_MONEY`), `detail` its sentence",
  IDEMPOTENCY_KEY_REUSED: 'this Idempotency-Key was used for a different request',
  NO_SUCH_SEAT: 'the seat number is outside the game',
  NO_SUCH_VERSION: 'the game has no event with that number yet',
  GAME_NOT_STARTED: 'the game has no state before it starts',
  UNKNOWN_BOT: 'the game has no bot of that name',
  SEAT_ALREADY_BOT: 'that bot already plays the seat',
  UNKNOWN_USER: 'no user of that name',
  NOTHING_TO_TAKE_BACK: 'you have no move left to take back',
  TAKE_BACK_NOT_ALLOWED: 'that move (or one after it) revealed hidden information or drew at random',
  UNSAFE_WEBHOOK_URL: 'the webhook URL resolves to a private, loopback or link-local address',
  PAYLOAD_TOO_LARGE: 'the request body is over the limit of this operation',
  INVALID_DATE_RANGE: '`createdFrom` is after `createdTo`',
  INVALID_RECORD: 'the game record is malformed: seats out of order, a player on two seats, too many events…',
  RECORD_DOES_NOT_REPLAY: 'the record does not replay under its rules: `atEvent` names the failing event, `reason` says why; nothing was stored',
  RECORD_NOT_FINISHED: 'the record\'s events do not end the game; only games that are over can be imported',
  DATABASE_UNAVAILABLE: 'the database does not answer; try again later',
  OUTCOME_UNKNOWN: 'the connection to the database was lost while the write was being recorded: it may or may not have landed; reload, or retry with the same Idempotency-Key',
  INTERNAL_ERROR: 'a bug on our side; the request changed nothing it could not finish',
};

/** The problem `type` URI of a code. */
export const problemType = (code: string) => `https://boardgame-server.dev/problems/${code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A problem document as the server sends it, for the examples. */
export function problemExample(status: number, code: string): Record<string, unknown> {
  const rule = code === 'RULE_VIOLATION/{rule}' ? 'NOT_ENOUGH_MONEY' : undefined;
  const shownCode = rule ? `RULE_VIOLATION/${rule}` : code;
  const detail = (PROBLEM_CODES[code] ?? code).replaceAll('`', '');
  return {
    type: problemType(shownCode),
    title: PROBLEM_TITLES[status] ?? 'Error',
    status,
    detail: detail.charAt(0).toUpperCase() + detail.slice(1) + '.',
    code: shownCode,
    ...(rule ? { rule } : {}),
    ...(code === 'STALE_VERSION' ? { currentVersion: 12 } : {}),
    ...(code === 'VALIDATION_FAILED' || code === 'INVALID_ACTION' ? { errors: ['"place": field "territory" got 99: Expected integer to be less or equal to 23'] } : {}),
    instance: '/v1/games/8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11/actions',
  };
}

export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout', 409: 'Conflict',
  413: 'Payload Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};
