import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, me, register } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { requireUser } from '../auth.js';
import { Credentials, LoginBody } from '../schemas.js';
import { body, errorResponses, ok, problemResponse, publicErrors } from './common.js';

const userExample = { id: '3f9c2a1e-5b7d-4c8e-9f10-2a3b4c5d6e7f', username: 'ann', role: 'player', createdAt: '2026-11-23T12:00:00.000Z' };

export const accountRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/v1/auth/register', {
    config: { limit: 'register' },
    schema: {
      tags: ['accounts'], operationId: 'register', summary: 'Create an account and get a login token', body: body(Credentials, { username: 'ann', password: 'correct horse battery' }),
      description: 'Creates a player account and answers a login token (a JWT valid for JWT_TTL_SECONDS) to send as `Authorization: Bearer <token>`.',
      response: {
        201: ok('The new account and its login token', Type.Object({ user: Type.Ref('User'), token: Type.String() }), { user: userExample, token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' }),
        ...publicErrors(), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_USERNAME', 'WEAK_PASSWORD'], 409: ['USERNAME_TAKEN'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await register(ctx, request.body.username, request.body.password)));

  app.post('/v1/auth/login', {
    config: { limit: 'login' },
    schema: {
      tags: ['accounts'], operationId: 'login', summary: 'Exchange username and password for a login token', body: body(LoginBody, { username: 'ann', password: 'correct horse battery' }),
      description: 'Answers a fresh login token for the account.',
      response: {
        200: ok('A login token', Type.Object({ token: Type.String(), user: Type.Ref('User') }), { user: userExample, token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' }),
        ...errorResponses({ 400: ['INVALID_JSON'], 429: ['RATE_LIMITED'] }), 401: problemResponse(401, ['INVALID_CREDENTIALS', 'INVALID_TOKEN']),
      },
    },
  }, async (request) => login(ctx, request.body.username, request.body.password));

  app.get('/v1/me', {
    schema: {
      tags: ['accounts'], operationId: 'getMe', summary: 'The account behind the token', description: 'The account the bearer token (login or API token) belongs to.',
      response: { 200: ok('Your account', Type.Ref('User'), userExample), ...errorResponses(401, 403) },
    },
  }, async (request) => me(ctx, requireUser(request)));
};
