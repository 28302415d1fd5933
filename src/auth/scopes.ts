import type { Principal, Scope } from './tokens.js';
import { forbidden, unauthenticated } from '../errors.js';

/**
 * WHO MAY CALL WHAT: the one table of the scope every REST operation and every GraphQL root field
 * needs. The REST hook (app.ts) and the GraphQL guard (graphql/guard.ts) enforce it before any
 * handler or resolver runs, each operation's OpenAPI `security` is written from it, and the README's
 * scope table says the same in words. Handlers and resolvers name no scope of their own.
 *
 * ADDING A ROUTE OR A GRAPHQL FIELD? Give it an entry below (by its operationId, or by its field
 * name under Query, Mutation or Subscription). The server refuses to start while a documented route
 * or a root field has no entry, or an entry names nothing (assertAccessTable, assertGraphqlTable).
 *
 * Scopes (a login token carries all its role allows; a personal API token only those chosen):
 * - `read`: games, logs, lists, your own settings and streams;
 * - `play`: create, join, act, chat: what a bot needs to play;
 * - `account`: whatever redirects, silences or hands out the account's access: the e-mail address,
 *   notification settings, the language mails speak, push subscriptions, webhooks, API tokens;
 * - `admin`: admin operations (an admin account's credentials only).
 */
export type Access =
  /** Anyone; a token, if sent, must only be valid. */
  | { kind: 'public' }
  /** Anyone; a caller who sends a token needs `scope` (a spectator's view or a player's). */
  | { kind: 'optional'; scope: Scope }
  /**
   * A signed-in caller with `scope`; `admin` also needs an admin account. `ticket`: or a stream ticket
   * in `?ticket=` instead (read scope). `login`: and only the account's login token, never a personal
   * API token whatever its scopes (account care: a leaked API token must not change the password,
   * delete or export the account; 403 LOGIN_REQUIRED).
   */
  | { kind: 'signed-in'; scope: Scope; ticket?: true; login?: true };

const PUBLIC: Access = { kind: 'public' };
const anyone = (scope: Scope): Access => ({ kind: 'optional', scope });
const needs = (scope: Scope): Access => ({ kind: 'signed-in', scope });
const ADMIN = needs('admin');
const LOGIN_ONLY: Access = { kind: 'signed-in', scope: 'account', login: true };

/** REST operations by operationId. */
export const OPERATION_ACCESS: Record<string, Access> = {
  // accounts
  register: PUBLIC,
  login: PUBLIC,
  getMe: needs('read'),
  setLanguage: needs('account'),
  // account care: reset by mail (public, same answer for any name), the rest with the login only
  requestPasswordReset: PUBLIC,
  resetPassword: PUBLIC,
  changePassword: LOGIN_ONLY,
  logoutEverywhere: LOGIN_ONLY,
  deleteAccount: LOGIN_ONLY,
  exportAccount: LOGIN_ONLY,
  // games and play
  listGameTypes: PUBLIC,
  getGameCatalog: PUBLIC,
  getGameLogKeys: PUBLIC,
  createGame: needs('play'),
  listGames: needs('read'),
  getGame: anyone('read'),
  joinGame: needs('play'),
  startGame: needs('play'),
  setClientSeed: needs('play'),
  leaveGame: needs('play'),
  listLegalActions: needs('read'),
  submitAction: needs('play'),
  getGameLog: anyone('read'),
  getGameReplay: anyone('read'),
  getGameRecord: anyone('read'),
  // lobby and take-backs
  listLobby: needs('read'),
  listInvitations: needs('read'),
  configureSeat: needs('play'),
  declineInvitation: needs('play'),
  takeBack: needs('play'),
  listUndoRequests: anyone('read'),
  requestUndo: needs('play'),
  approveUndoRequest: needs('play'),
  declineUndoRequest: needs('play'),
  resign: needs('play'),
  // chat
  listChatMessages: anyone('read'),
  postChatMessage: needs('play'),
  streamChat: anyone('read'),
  // ratings
  getLeaderboard: PUBLIC,
  getProfile: PUBLIC,
  // integrations: tokens and webhooks hand out or redirect the account's data
  createApiToken: needs('account'),
  listApiTokens: needs('account'),
  revokeApiToken: needs('account'),
  registerWebhook: needs('account'),
  listWebhooks: needs('read'),
  deleteWebhook: needs('account'),
  listWebhookDeliveries: needs('read'),
  redeliverWebhookDelivery: needs('account'),
  pingWebhook: needs('account'),
  createStreamTicket: needs('read'),
  streamAccountEvents: { kind: 'signed-in', scope: 'read', ticket: true },
  // notifications: where they go and whether they go at all
  getNotificationPreferences: needs('read'),
  setNotificationPreferences: needs('account'),
  setEmail: needs('account'),
  verifyEmail: PUBLIC,
  unsubscribeEmail: PUBLIC,
  unsubscribeEmailPage: PUBLIC,
  getPushKey: PUBLIC,
  subscribePush: needs('account'),
  listPushSubscriptions: needs('read'),
  unsubscribePush: needs('account'),
  // ops
  health: PUBLIC,
  ready: PUBLIC,
  metrics: PUBLIC,
  // admin
  adminListGames: ADMIN,
  adminGetGame: ADMIN,
  adminGetStateAt: ADMIN,
  adminVerifyGame: ADMIN,
  adminExportGame: ADMIN,
  adminImportGame: ADMIN,
  adminAbortGame: ADMIN,
  adminReplaceSeatByBot: ADMIN,
  adminListUsers: ADMIN,
  adminDisableUser: ADMIN,
  adminEnableUser: ADMIN,
  adminDeleteChatMessage: ADMIN,
  adminMuteUser: ADMIN,
  adminUnmuteUser: ADMIN,
  adminRecomputeRatings: ADMIN,
  adminRulesVersionUsage: ADMIN,
  adminMigrateGameRules: ADMIN,
};

export type GraphqlRoot = 'Query' | 'Mutation' | 'Subscription';

/** GraphQL root fields (nested fields show what their root field returned). Twins of REST operations have the same access. */
export const GRAPHQL_ACCESS: Record<GraphqlRoot, Record<string, Access>> = {
  Query: {
    me: needs('read'),
    accountExport: LOGIN_ONLY,
    gameTypes: PUBLIC,
    games: needs('read'),
    game: anyone('read'),
    lobby: needs('read'),
    invitations: needs('read'),
    undoRequests: anyone('read'),
    apiTokens: needs('account'),
    webhooks: needs('read'),
    notificationPreferences: needs('read'),
    webhookDeliveries: needs('read'),
    gameRecord: anyone('read'),
    record: anyone('read'),
    gameReplay: anyone('read'),
    chat: anyone('read'),
    leaderboard: PUBLIC,
    profile: PUBLIC,
    rulesVersionUsage: ADMIN,
    adminGames: ADMIN,
    adminSearchGames: ADMIN,
    adminGame: ADMIN,
    adminGameState: ADMIN,
    adminExportGame: ADMIN,
    adminUsers: ADMIN,
  },
  Mutation: {
    register: PUBLIC,
    login: PUBLIC,
    requestPasswordReset: PUBLIC,
    resetPassword: PUBLIC,
    changePassword: LOGIN_ONLY,
    logoutEverywhere: LOGIN_ONLY,
    deleteAccount: LOGIN_ONLY,
    createGame: needs('play'),
    configureSeat: needs('play'),
    declineInvitation: needs('play'),
    joinGame: needs('play'),
    setClientSeed: needs('play'),
    startGame: needs('play'),
    leaveGame: needs('play'),
    submitAction: needs('play'),
    takeBack: needs('play'),
    requestUndo: needs('play'),
    answerUndo: needs('play'),
    resign: needs('play'),
    postChatMessage: needs('play'),
    createApiToken: needs('account'),
    revokeApiToken: needs('account'),
    registerWebhook: needs('account'),
    deleteWebhook: needs('account'),
    pingWebhook: needs('account'),
    redeliverWebhookDelivery: needs('account'),
    setEmail: needs('account'),
    setNotificationPreferences: needs('account'),
    setLanguage: needs('account'),
    migrateGameRules: ADMIN,
    adminVerifyGame: ADMIN,
    adminImportGame: ADMIN,
    adminAbortGame: ADMIN,
    adminReplaceSeatByBot: ADMIN,
    adminDisableUser: ADMIN,
    adminEnableUser: ADMIN,
    adminDeleteChatMessage: ADMIN,
    adminMuteUser: ADMIN,
    adminRecomputeRatings: ADMIN,
  },
  Subscription: {
    gameUpdated: anyone('read'),
    myTurn: needs('read'),
    accountEvents: needs('read'),
    chatMessages: anyone('read'),
  },
};

/**
 * Refuses a caller `access` does not let in: 401 UNAUTHENTICATED without a credential where one is
 * needed, 403 ADMIN_ONLY for an admin operation to a non-admin account, 403 INSUFFICIENT_SCOPE for a
 * credential without the scope. `viaTicket`: the caller brought a stream ticket (redeemed later).
 */
export function checkAccess(access: Access, principal: Principal | null, viaTicket = false): void {
  if (access.kind === 'public') return;
  if (!principal) {
    if (access.kind === 'optional' || (access.kind === 'signed-in' && access.ticket && viaTicket)) return;
    throw unauthenticated();
  }
  if (access.scope === 'admin' && principal.role !== 'admin') throw forbidden('ADMIN_ONLY', 'This needs an admin account.');
  if (!principal.scopes.includes(access.scope)) throw forbidden('INSUFFICIENT_SCOPE', `This needs a token with the "${access.scope}" scope.`);
  if (access.kind === 'signed-in' && access.login && principal.via !== 'login') throw forbidden('LOGIN_REQUIRED', 'This needs your login, not a personal API token.');
}

/** The OpenAPI `security` of an operation with this access (bearer scopes are listed as OpenAPI 3.1 allows for roles). */
export function securityOf(access: Access): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  const bearer = { bearerAuth: [access.scope] };
  if (access.kind === 'optional') return [bearer, {}];
  return access.ticket ? [bearer, { streamTicket: [] }] : [bearer];
}

const where = 'src/auth/scopes.ts';

/** The access of a route, by its operationId; throws (at start) for a documented route without an entry. */
export function routeAccess(route: { method: string | string[]; url: string; schema?: { operationId?: unknown; security?: unknown; hide?: unknown } }): Access | null {
  const operationId = route.schema?.operationId;
  const name = `${String(route.method)} ${route.url}`;
  if (typeof operationId !== 'string') {
    if (route.url.startsWith('/v1/')) throw new Error(`Route ${name} has no operationId: give it one, and its scope in OPERATION_ACCESS (${where}).`);
    return null;
  }
  const access = OPERATION_ACCESS[operationId];
  if (!access) throw new Error(`Route ${name} (${operationId}) has no entry in OPERATION_ACCESS (${where}): say which scope it needs.`);
  // (Fastify's HEAD twin of a GET route shares its schema, with the security already written.)
  if (route.schema?.security !== undefined && JSON.stringify(route.schema.security) !== JSON.stringify(securityOf(access))) {
    throw new Error(`Route ${name} (${operationId}) declares its own \`security\`: declare its scope in OPERATION_ACCESS (${where}) instead.`);
  }
  return access;
}

/** Every entry of OPERATION_ACCESS names a route that exists (a stale entry is as wrong as a missing one). */
export function assertAccessTable(seenOperations: ReadonlySet<string>): void {
  const stale = Object.keys(OPERATION_ACCESS).filter((operationId) => !seenOperations.has(operationId));
  if (stale.length > 0) throw new Error(`OPERATION_ACCESS (${where}) names operations no route has: ${stale.join(', ')}.`);
}

/** Every root field of the schema has an entry in GRAPHQL_ACCESS, and every entry a field. */
export function assertGraphqlTable(fieldsOf: (root: GraphqlRoot) => readonly string[]): void {
  const problems: string[] = [];
  for (const root of ['Query', 'Mutation', 'Subscription'] as const) {
    const fields = fieldsOf(root);
    for (const field of fields) if (!GRAPHQL_ACCESS[root][field]) problems.push(`${root}.${field} has no entry`);
    for (const field of Object.keys(GRAPHQL_ACCESS[root])) if (!fields.includes(field)) problems.push(`${root}.${field} is no field of the schema`);
  }
  if (problems.length > 0) throw new Error(`GRAPHQL_ACCESS (${where}): ${problems.join('; ')}. Say which scope each GraphQL root field needs.`);
}
