/**
 * What a refusal of the API means to the person on the page, in one plain sentence: the stable
 * `code` stays in the API (and src/http/problem-codes.ts says what it means for client authors);
 * this is the one place the web app turns it into words. test/web/refusals.test.ts fails when a
 * code of problem-codes.ts has no sentence here.
 *
 * Where the server's `detail` says more than the code (the rule that refused a move, the field a
 * form got wrong), the detail is shown under the sentence (`showDetail`).
 */
export const REFUSAL_SENTENCES: Record<string, string> = {
  VALIDATION_FAILED: 'Something in the form is not as expected.',
  INVALID_JSON: 'The page sent something the server could not read. Reload the page and try again.',
  INVALID_CHARACTERS: 'The text holds a character that cannot be stored.',
  INPUT_TOO_DEEP: 'The page sent something the server could not read. Reload the page and try again.',
  BAD_URL: 'This address is not valid.',
  MALFORMED_REQUEST: 'The page sent something the server could not read. Reload the page and try again.',
  INVALID_USERNAME: 'A username is 3 to 32 letters, digits, dots, dashes or underscores.',
  WEAK_PASSWORD: 'A password needs 8 to 200 characters.',
  UNKNOWN_GAME_TYPE: 'This server does not offer that game.',
  INVALID_SEAT_COUNT: 'That game is not played with that many players.',
  INVALID_OPTIONS: 'Those options do not fit this game.',
  INVALID_TIME_CONTROL: 'That time control is not possible.',
  GAME_TYPE_MISMATCH: 'That record is of another game.',
  INVALID_ACTION: 'That move is not possible. Reload the page to see the moves you have.',
  INVALID_EVENT_ID: 'The live updates lost their place. Reload the page.',
  INVALID_SCOPES: 'Choose at least one permission for the token.',
  INVALID_CHAT_MESSAGE: 'A chat message is 1 to 500 characters of plain text.',
  INVALID_WEBHOOK_URL: 'The webhook address must be a full address (https://…).',
  INVALID_EMAIL: 'That is not an e-mail address we can send to.',
  INVALID_NOTIFICATION_SETTINGS: 'Those notification settings are not possible.',
  INVALID_LINK: 'This link is incomplete or was not sent by this site. Copy the whole link from the e-mail.',
  LINK_EXPIRED: 'This link is too old. Set your address again to get a new one.',
  EMAIL_CHANGED: 'Your e-mail address changed after this link was sent: use the newest link.',
  EMAIL_DISABLED: 'This site sends no e-mail.',
  INVALID_PUSH_SUBSCRIPTION: 'Your browser gave a push subscription the site cannot use.',
  UNSAFE_PUSH_ENDPOINT: 'Your browser gave a push address the site may not send to.',
  TOO_MANY_PUSH_SUBSCRIPTIONS: 'Push notifications are on for as many browsers as allowed: turn them off in one first.',
  PUSH_DISABLED: 'This site sends no push notifications.',
  INVALID_WEBHOOK_EVENTS: 'Some of those webhook events do not exist.',
  UNAUTHENTICATED: 'Log in to do this.',
  INVALID_TOKEN: 'Your session has expired. Log in again.',
  INVALID_TICKET: 'The live updates were interrupted. Reload the page.',
  INVALID_CREDENTIALS: 'Wrong username or password.',
  INSUFFICIENT_SCOPE: 'This API token may not do that.',
  ADMIN_ONLY: 'Only administrators may do this.',
  ACCOUNT_DISABLED: 'This account has been disabled by an administrator.',
  ACCOUNT_MUTED: 'An administrator has muted your account: you cannot chat for now.',
  CHAT_CHANNEL_CLOSED: 'You cannot write in this chat: the players chat among themselves until the game is over.',
  CANNOT_DISABLE_SELF: 'You cannot disable your own account.',
  LOGIN_REQUIRED: 'API tokens are managed from a logged-in page, not with another API token.',
  NOT_A_PLAYER: 'You do not play in this game.',
  NOT_GAME_CREATOR: 'Only the player who created the game may do this.',
  SEAT_RESERVED: 'That seat is kept for an invited player.',
  NOT_AN_APPROVER: 'Only the other players answer an undo request.',
  NOT_FOUND: 'There is nothing here: it may have been deleted, or it is private.',
  STALE_VERSION: 'Someone moved before you: the game has changed. Look at the board again and choose.',
  GAME_NOT_ACTIVE: 'The game is not being played: it has not started or is over.',
  GAME_NOT_OPEN: 'The game has started: seats can no longer change.',
  GAME_FULL: 'The game is full.',
  SEAT_TAKEN: 'Someone else took that seat.',
  ALREADY_SEATED: 'That player already has a seat in this game.',
  NOT_SEATED: 'You have no seat to leave.',
  NOT_ENOUGH_PLAYERS: 'Not enough players have joined yet.',
  USERNAME_TAKEN: 'That username is taken.',
  ALREADY_RESIGNED: 'You have already resigned.',
  TAKE_BACK_NEEDS_APPROVAL: 'Another player has moved since: ask them to undo instead.',
  UNDO_REQUEST_CLOSED: 'That undo request has already been answered, or a move ended it.',
  TOO_MANY_TOKENS: 'You have as many API tokens as allowed: revoke one first.',
  TOO_MANY_WEBHOOKS: 'You have as many webhooks as allowed: delete one first.',
  DELIVERY_PENDING: 'That delivery is still being tried: wait until it is delivered or failed.',
  TOO_MANY_OPEN_GAMES: 'You have as many games waiting for players as allowed: start or cancel one first.',
  RATE_LIMITED: 'Too many attempts: wait a little and try again.',
  URI_TOO_LONG: 'This address is too long.',
  HEADERS_TOO_LARGE: 'Your browser sent too much with the request. Clear this site’s cookies and try again.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Check your connection and try again.',
  GAME_TYPE_UNAVAILABLE: 'This server no longer plays this game or these rules.',
  RULES_VERSION_UNSUPPORTED: 'This server no longer plays these rules.',
  GAME_NOT_FINISHED: 'The record is published once the game is over.',
  CLIENT_SEEDS_UNSUPPORTED: 'This game is older than player seeds: it deals from the server’s seed alone.',
  ALREADY_NEWEST_RULES: 'The game already plays under the newest rules.',
  GAME_FINISHED: 'A finished game keeps the rules it was played under.',
  MIGRATION_ILLEGAL_EVENT: 'A move of this game is not allowed under the newest rules, so it cannot move to them.',
  MIGRATION_CHANGES_GAME: 'Under the newest rules this game would not be where it is, so it cannot move to them.',
  NOT_YOUR_TURN: 'It is not your turn.',
  RULE_VIOLATION: 'The rules do not allow that move.',
  IDEMPOTENCY_KEY_REUSED: 'That request was already sent with other contents. Reload the page.',
  NO_SUCH_SEAT: 'There is no such seat in this game.',
  NO_SUCH_VERSION: 'The game has not reached that move yet.',
  GAME_NOT_STARTED: 'The game has not started yet.',
  UNKNOWN_BOT: 'This game has no bot of that name.',
  SEAT_ALREADY_BOT: 'That bot already plays the seat.',
  UNKNOWN_USER: 'There is no player of that name.',
  NOTHING_TO_TAKE_BACK: 'You have no move left to take back.',
  TAKE_BACK_NOT_ALLOWED: 'That move showed hidden cards or drew at random, so it cannot be taken back.',
  UNSAFE_WEBHOOK_URL: 'The webhook address points into a private network.',
  PAYLOAD_TOO_LARGE: 'That is too large to send.',
  INVALID_DATE_RANGE: 'The first date is after the last.',
  INVALID_RECORD: 'That game record is damaged or incomplete.',
  RECORD_DOES_NOT_REPLAY: 'That game record does not play back under its rules; nothing was imported.',
  RECORD_NOT_FINISHED: 'Only finished games can be imported, and this record does not end the game.',
  DATABASE_UNAVAILABLE: 'The site is having trouble right now. Try again in a minute.',
  OUTCOME_UNKNOWN: 'The connection was lost while your request was saved: reload the page to see whether it went through.',
  INTERNAL_ERROR: 'Something went wrong on our side. Nothing was changed; try again.',
};

/** Codes whose `detail` names what exactly was refused (the rule, the field): shown under the sentence. */
const SHOW_DETAIL = new Set(['VALIDATION_FAILED', 'INVALID_NOTIFICATION_SETTINGS', 'RULE_VIOLATION', 'INVALID_OPTIONS', 'RECORD_DOES_NOT_REPLAY', 'INVALID_RECORD', 'MIGRATION_ILLEGAL_EVENT', 'MIGRATION_CHANGES_GAME']);

/** The sentence for a problem, and whether its detail adds to it. A code the app does not know keeps the server's words. */
export function refusalInWords(problem: { code?: string; title?: string; detail?: string }, status: number): { sentence: string; showDetail: boolean } {
  // "RULE_VIOLATION/NOT_ENOUGH_MONEY": the family's sentence, the engine's detail under it.
  const family = problem.code?.split('/')[0];
  const sentence = family ? REFUSAL_SENTENCES[family] : undefined;
  if (sentence) return { sentence, showDetail: SHOW_DETAIL.has(family!) && Boolean(problem.detail) };
  if (status === 0 && problem.title === 'Network error') return { sentence: 'The site cannot be reached. Check your connection and try again.', showDetail: false };
  return { sentence: problem.detail ?? problem.title ?? 'Something went wrong.', showDetail: false };
}
