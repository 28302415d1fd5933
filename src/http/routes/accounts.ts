import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, me, register, registrationLanguage, setLanguage } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { requireUser } from '../auth.js';
import { Language, LanguageChoice, LoginBody, RegisterBody } from '../schemas.js';
import { body, errorResponses, ok, problemResponse, publicErrors } from './common.js';

const userExample = { id: '3f9c2a1e-5b7d-4c8e-9f10-2a3b4c5d6e7f', username: 'ann', role: 'player', createdAt: '2026-11-23T12:00:00.000Z', language: 'de' };

export const accountRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/v1/auth/register', {
    config: { limit: 'register' },
    schema: {
      tags: ['accounts'], operationId: 'register', summary: 'Create an account and get a login token', body: body(RegisterBody, { username: 'ann', password: 'correct horse battery', language: 'de' }),
      description: 'Creates a player account and answers a login token (a JWT valid for JWT_TTL_SECONDS) to send as `Authorization: Bearer <token>`. `language` (optional) is the account\'s language for mails, pushes and pages; left out, the request\'s `Accept-Language` decides when it names a language the site speaks (`en`, `de`), else the account has none (null).',
      response: {
        201: ok('The new account and its login token', Type.Object({ user: Type.Ref('User'), token: Type.String() }), { user: userExample, token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' }),
        ...publicErrors(), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_USERNAME', 'WEAK_PASSWORD', 'UNKNOWN_LANGUAGE'], 409: ['USERNAME_TAKEN'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => {
    const language = registrationLanguage(request.body.language, request.headers['accept-language']);
    return reply.code(201).send(await register(ctx, request.body.username, request.body.password, language));
  });

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

  app.put('/v1/me/language', {
    schema: {
      tags: ['accounts'], operationId: 'setLanguage', summary: "Set your account's language",
      description: "The language mails, push notifications and the web pages speak to you in: `en`, `de`, or `pseudo` (English accented and about 40% longer, for testing translations); null removes it (then the browser's languages decide, and mails are English). A language the site does not speak is refused with 400 UNKNOWN_LANGUAGE and changes nothing.",
      body: body(Type.Object({ language: LanguageChoice }, { additionalProperties: false }), { language: 'de' }),
      response: {
        200: ok('The language now set', Type.Object({ language: Type.Union([Language, Type.Null()]) }), { language: 'de' }),
        ...errorResponses({ 400: ['INVALID_JSON', 'UNKNOWN_LANGUAGE'] }, 401, 403, 404),
      },
    },
  }, async (request) => setLanguage(ctx, requireUser(request), request.body.language));
};
