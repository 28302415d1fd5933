import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, deleteAccount, exportAccount, logoutEverywhere, resetPassword, RESET_ANSWER, type PasswordResets } from '../../services/account-care.js';
import type { ServiceContext } from '../../services/context.js';
import { requireUser } from '../auth.js';
import { body, errorResponses, ok, publicErrors } from './common.js';

/**
 * Account care (services/account-care.ts): password reset by mail, password change, "log out
 * everywhere", deletion and export. Every operation that acts on the signed-in account needs its
 * login token: a personal API token, whatever its scopes, is refused (403 LOGIN_REQUIRED).
 */
export const LOGIN_ONLY = 'Needs a login token: a personal API token is refused whatever its scopes (`403 LOGIN_REQUIRED`).';
const signedIn = Type.Object({ token: Type.String({ description: 'A fresh login token: every earlier one of the account has ended' }), user: Type.Ref('User') });
const signedInExample = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl', user: { id: '3f9c2a1e-5b7d-4c8e-9f10-2a3b4c5d6e7f', username: 'ann', role: 'player', createdAt: '2026-11-23T12:00:00.000Z' } };
const Password = (description: string) => Type.String({ maxLength: 200, description });

export const accountCareRoutes = (ctx: ServiceContext, resets: PasswordResets, settings: { secret: string }): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/v1/auth/password-reset', {
    config: { limit: 'password-reset' },
    schema: {
      tags: ['accounts'], operationId: 'requestPasswordReset', summary: 'Mail a link to choose a new password',
      description: 'Give a username or an e-mail address. If it names an account with a verified address, a link is mailed there that sets a new password once, within PASSWORD_RESET_TTL_MINUTES. The answer is the same, and as fast, whether or not an account matches (nothing is looked up before it leaves). Rate limited per client address and per name or address asked for; an account gets at most PASSWORD_RESET_MAILS_PER_HOUR mails an hour.',
      body: body(Type.Object({ login: Type.String({ maxLength: 254, description: 'A username or an e-mail address' }) }, { additionalProperties: false }), { login: 'ann' }),
      response: {
        202: ok('Asked (whether or not an account matches)', Type.Object({ message: Type.String() }), { message: RESET_ANSWER }),
        ...publicErrors(), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_LOGIN'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(202).send(resets.request(request.body.login)));

  app.post('/v1/auth/password-reset/complete', {
    config: { limit: 'password-reset' },
    schema: {
      tags: ['accounts'], operationId: 'resetPassword', summary: 'Set a new password with a mailed reset link',
      description: 'The `token` of the mailed link (the part after `#token=`) and the new password. The link then stops working (as do the account\'s other reset links), every login token of the account ends, and a fresh one is answered. Personal API tokens are kept.',
      body: body(Type.Object({ token: Type.String({ maxLength: 200 }), newPassword: Password('8 to 200 characters') }, { additionalProperties: false }), { token: '0b8e…', newPassword: 'a new long password' }),
      response: { 200: ok('Your new login token', signedIn, signedInExample), ...publicErrors(), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_RESET_TOKEN', 'WEAK_PASSWORD'], 429: ['RATE_LIMITED'] }) },
    },
  }, async (request) => resetPassword(ctx, settings, request.body.token, request.body.newPassword));

  app.put('/v1/me/password', {
    config: { limit: 'account-care' },
    schema: {
      tags: ['accounts'], operationId: 'changePassword', summary: 'Change your password',
      description: `Asks the current password. Every login token of the account ends (other browsers and devices are logged out at once, in every server process) and a fresh one is answered. Personal API tokens are kept. ${LOGIN_ONLY}`,
      body: body(Type.Object({ currentPassword: Password('Your password now'), newPassword: Password('8 to 200 characters') }, { additionalProperties: false }), { currentPassword: 'correct horse battery', newPassword: 'a new long password' }),
      response: {
        200: ok('Your new login token', signedIn, signedInExample),
        ...errorResponses({ 400: ['INVALID_JSON', 'WEAK_PASSWORD'], 403: ['LOGIN_REQUIRED', 'WRONG_PASSWORD'], 409: ['PASSWORD_CHANGED'], 429: ['RATE_LIMITED'] }, 401, 404),
      },
    },
  }, async (request) => changePassword(ctx, requireUser(request), request.body.currentPassword, request.body.newPassword));

  app.post('/v1/me/logout-everywhere', {
    config: { limit: 'account-care' },
    schema: {
      tags: ['accounts'], operationId: 'logoutEverywhere', summary: 'Log out everywhere',
      description: `Every login token of the account ends, the one sent included, in every server process at once; unused stream tickets too. Personal API tokens are kept (as lichess keeps them): revoke them at /v1/me/tokens. ${LOGIN_ONLY}`,
      // No body is needed, but one that is sent must be JSON.
      response: { 204: Type.Null({ description: 'Logged out everywhere' }), ...errorResponses({ 400: ['INVALID_JSON'], 403: ['LOGIN_REQUIRED'], 429: ['RATE_LIMITED'] }, 401, 404) },
    },
  }, async (request, reply) => {
    await logoutEverywhere(ctx, requireUser(request));
    return reply.code(204).send(null);
  });

  app.post('/v1/me/delete', {
    config: { limit: 'account-care' },
    schema: {
      tags: ['accounts'], operationId: 'deleteAccount', summary: 'Delete your account',
      description: `Asks the password. Your running games are resigned (a bot plays your seat on) and the games not started yet are left; then your address, password, API tokens, webhooks, push subscriptions, notification settings, chat messages and current ratings are deleted, every token ends, and your seats in finished games show a neutral "deleted player …" name (their records still verify). Your username is never given to anyone again. This cannot be undone: export your data first (GET /v1/me/export). ${LOGIN_ONLY}`,
      body: body(Type.Object({ password: Password('Your password') }, { additionalProperties: false }), { password: 'correct horse battery' }),
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses({ 400: ['INVALID_JSON'], 403: ['LOGIN_REQUIRED', 'WRONG_PASSWORD'], 409: ['PASSWORD_CHANGED', 'STILL_PLAYING'], 429: ['RATE_LIMITED'] }, 401, 404) },
    },
  }, async (request, reply) => {
    await deleteAccount(ctx, requireUser(request), request.body.password);
    return reply.code(204).send(null);
  });

  app.get('/v1/me/export', {
    config: { limit: 'account-care' },
    schema: {
      tags: ['accounts'], operationId: 'exportAccount', summary: 'Download your data (JSON)',
      description: `Everything the server keeps about you, as you may see it: account, notification settings, ratings and their history, API tokens and webhooks (without secrets), push subscriptions, the chat messages you wrote, and every game you hold a seat in with your seat's view and the log as your seat reads it (never another seat's hidden information). Answered as a download (\`Content-Disposition: attachment\`). ${LOGIN_ONLY}`,
      response: {
        200: ok('Your data', Type.Object({
          format: Type.Literal('boardgame-server/account-export@1'), exportedAt: Type.String({ format: 'date-time' }), account: Type.Ref('User'),
          settings: Type.Object({}, { additionalProperties: true }), ratings: Type.Array(Type.Unknown()), ratingChanges: Type.Array(Type.Unknown()), apiTokens: Type.Array(Type.Unknown()),
          webhooks: Type.Array(Type.Unknown()), pushSubscriptions: Type.Array(Type.Unknown()), chatMessages: Type.Array(Type.Unknown()), games: Type.Array(Type.Unknown()),
        }), undefined, { 'Content-Disposition': { type: 'string', description: '`attachment; filename="<username>-export.json"`' } }),
        ...errorResponses({ 403: ['LOGIN_REQUIRED'], 429: ['RATE_LIMITED'] }, 401, 404),
      },
    },
  }, async (request, reply) => {
    const data = await exportAccount(ctx, requireUser(request));
    return reply.header('content-disposition', `attachment; filename="${data.account.username.replace(/[^A-Za-z0-9_.-]/g, '_')}-export.json"`).send(data);
  });
};
