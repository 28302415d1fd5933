import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, me, register } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { requireUser } from '../auth.js';
import { Credentials, LoginBody } from '../schemas.js';
import { errorResponses } from './common.js';

export const accountRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/v1/auth/register', {
    schema: {
      tags: ['accounts'], summary: 'Create an account and get a login token', body: Credentials,
      response: { 201: Type.Object({ user: Type.Ref('User'), token: Type.String() }), ...errorResponses(400, 409) },
    },
  }, async (request, reply) => reply.code(201).send(await register(ctx, request.body.username, request.body.password)));

  app.post('/v1/auth/login', {
    schema: {
      tags: ['accounts'], summary: 'Exchange username and password for a login token', body: LoginBody,
      response: { 200: Type.Object({ token: Type.String(), user: Type.Ref('User') }), ...errorResponses(400, 401) },
    },
  }, async (request) => login(ctx, request.body.username, request.body.password));

  app.get('/v1/me', {
    schema: { tags: ['accounts'], summary: 'The account behind the token', security: [{ bearerAuth: [] }], response: { 200: Type.Ref('User'), ...errorResponses(401) } },
  }, async (request) => me(ctx, requireUser(request, 'read')));
};
