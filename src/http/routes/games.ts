import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { logWords } from '../../services/log-words.js';
import { notFound } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import { gameTypes } from '../../services/definitions.js';
import { gameLog, LOG_PAGE_LIMIT } from '../../services/history.js';
import { createGame, detail, joinGame, leaveGame, listGames, loadVisibleGame, setClientSeed, startGame } from '../../services/lobby.js';
import { legalActions, submitAction } from '../../services/play.js';
import { optionalUser, requireUser } from '../auth.js';
import { CATALOGS, PUBLISHED } from '../game-schemas.js';
import { ClientSeedBody, CreateGameBody, GameId, JoinGameBody, ListGamesQuery, MAX_SEQ, pageOf, prefersMinimal, SubmitActionBody, SubmitHeaders } from '../schemas.js';
import { body, errorResponses, MINIMAL_MOVE_HEADERS, ok, publicErrors, REPLAYED_HEADER } from './common.js';

const joinCodes = { 404: ['NOT_FOUND'], 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'ALREADY_SEATED', 'GAME_FULL', 'SEAT_TAKEN', 'GAME_TYPE_UNAVAILABLE'], 403: ['SEAT_RESERVED'], 422: ['NO_SUCH_SEAT'] };

export const gameRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/game-types', {
    schema: {
      tags: ['games'], operationId: 'listGameTypes', summary: 'The games this server runs, with their option and action schemas',
      description: 'Every served game type with its player range, rules version, bots, and the JSON Schemas of its options, actions and views (the same schemas as the `<Game>Options`, `<Game>Action` and `<Game>View` components).',
      response: {
        200: ok('The served game types', Type.Array(Type.Object({
          id: Type.String(), title: Type.String(), rulesVersion: Type.Integer({ description: 'The newest rules version: new games start under it' }),
          rulesVersions: Type.Array(Type.Object({
            version: Type.Integer(), date: Type.String(), changes: Type.String({ description: 'What changed, in words' }),
            served: Type.Boolean({ description: 'Games of this version are still played and replayed' }),
          }), { description: 'The changelog, oldest first' }),
          players: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
          botLevels: Type.Array(Type.Object({
            name: Type.String({ description: 'What `bot` takes when a seat is filled (PUT /v1/games/{id}/seats/{seat})' }),
            level: Type.String({ description: 'random, easy, medium or hard' }),
            description: Type.String(),
          }), { description: 'The bots that can fill a seat, weakest first; each decides from its seat\'s view only' }),
          optionsSchema: Type.Unsafe<unknown>({ type: 'object', additionalProperties: true, description: 'JSON Schema of `options` at creation' }),
          actionSchema: Type.Unsafe<unknown>({ type: 'object', additionalProperties: true, description: 'JSON Schema of an action (a union on `type`)' }),
          viewSchema: Type.Union([Type.Unsafe<unknown>({ type: 'object', additionalProperties: true }), Type.Null()], { description: "JSON Schema of the game's views (the `<Game>View` component); null for a game type that publishes none" }),
          bots: Type.Array(Type.String(), { description: 'The bots a seat can be given (`configureSeat`, admin replace): `random` for every game, then the game\'s own' }),
        }))),
        ...publicErrors(),
      },
    },
  }, async () => gameTypes(ctx).map((type) => ({ ...type, viewSchema: PUBLISHED[type.id]?.view ?? null })));

  app.get('/v1/game-types/:type/catalog', {
    schema: {
      tags: ['games'], operationId: 'getGameCatalog', summary: "A game's printed components (card faces, board layout), to draw its views",
      description: "Views name cards, tiles and board spaces by id; the catalog gives their faces: names, colours, costs, shapes, the board's layout. The same for every game of the type (it changes only with the server's release: cache it).",
      params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 64, description: 'A game type id (GET /v1/game-types)' }) }),
      response: {
        200: ok("The game's catalog", Type.Union(Object.values(PUBLISHED).map((game) => Type.Ref(String(game.catalog.$id))))),
        ...publicErrors(), ...errorResponses(400, { 404: ['NOT_FOUND'] }),
      },
    },
  }, async (request, reply) => {
    const { type } = request.params;
    // Own keys only: `constructor` or `__proto__` name no game.
    const catalog = Object.hasOwn(ctx.catalog, type) && Object.hasOwn(CATALOGS, type) ? CATALOGS[type] : undefined;
    if (catalog === undefined) throw notFound(`A catalog of game type "${type}"`);
    return reply.header('cache-control', 'public, max-age=3600').send(catalog);
  });

  app.get('/v1/game-types/:type/log-keys', {
    schema: {
      tags: ['games'], operationId: 'getGameLogKeys', summary: "A game's log keys and their words in every language, to show log lines in any language",
      description: "Every log line carries, beside its English `message`, a stable `key` and its `args` (the LogEntry schema). This lists every key a game of this type may write, each argument's kind, and the server's catalog message for it in every language it speaks (`en`, `de`): ICU MessageFormat strings (`{name}` arguments, `{n, plural, one {…} other {…}}`, `{kind, select, …}`), filled with the arguments as `argumentKinds` says. Keys starting `kernel.` are the server's own lines (start, timeout, take-back, resignation, a seat given to a bot, abort, newer rules), the same for every game. `terms` are the words `{ term }` arguments name, `rules` the sentences of the game's `RULE_VIOLATION/<rule>` refusals, `title` the game's name. A client renders lines in either language with these, or brings its own words for the keys. Lines stored before keys existed have none: show their `message`. The same for every game of the type (it changes only with the server's release: cache it).",
      params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 64, description: 'A game type id (GET /v1/game-types)' }) }),
      response: {
        200: ok("The game's log keys and words", Type.Ref('GameLogKeys')),
        ...publicErrors(), ...errorResponses(400, { 404: ['NOT_FOUND'] }),
      },
    },
  }, async (request, reply) => reply.header('cache-control', 'public, max-age=3600').send(logWords(ctx, request.params.type)));

  app.post('/v1/games', {
    config: { limit: 'create-game' },
    schema: {
      tags: ['games'], operationId: 'createGame', summary: 'Create a game; you take seat 0',
      description: 'Creates an open game of `type` for `seats` players with the game\'s `options` (defaults filled in) and a time control. You take seat 0; others join, or the creator arranges seats and starts early. A 1-seat game (a solo game) is full at once and starts with the creation: give `clientSeed` with it.',
      body: body(CreateGameBody, { type: 'urbanization', seats: 3, options: { inventions: false }, timeControl: { kind: 'per-move', moveSeconds: 86400 } }),
      response: {
        201: ok('The new game, with your view', Type.Ref('GameDetail')),
        ...errorResponses({ 400: ['INVALID_JSON', 'UNKNOWN_GAME_TYPE', 'INVALID_SEAT_COUNT', 'INVALID_OPTIONS', 'INVALID_TIME_CONTROL'] }, 401, 403, { 409: ['TOO_MANY_OPEN_GAMES'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => {
    const principal = requireUser(request);
    const game = await createGame(ctx, principal, request.body);
    return reply.code(201).send(detail(ctx, game, principal));
  });

  app.get('/v1/games', {
    schema: {
      tags: ['games'], operationId: 'listGames', summary: 'List games (filters: status, mine, awaitingMe), newest activity first', querystring: ListGamesQuery,
      description: 'Games you may see (public ones and yours), newest activity first, one page at a time (`limit`, `offset`; the answer has `total`). `awaitingMe=true` lists the games where it is your turn.',
      response: { 200: ok('One page of games', Type.Ref('GamePage')), ...errorResponses(400, 401, 403) },
    },
  }, async (request) => listGames(ctx, requireUser(request), { ...request.query, ...pageOf(request.query) }));

  app.get('/v1/games/:id', {
    schema: {
      tags: ['games'], operationId: 'getGame', summary: "A game with your seat's view of it (spectator view without a seat or token)", params: GameId,
      description: "The game with `view`: what your seat may see (other players' hands hidden). Without a token, or without a seat, you get the spectator view of a public game; private games answer 404 to outsiders.",
      response: { 200: ok('The game with your view', Type.Ref('GameDetail')), ...errorResponses(400, 401, 403, 404, { 409: ['GAME_TYPE_UNAVAILABLE'] }) },
    },
  }, async (request) => {
    const principal = optionalUser(request);
    return detail(ctx, await loadVisibleGame(ctx, request.params.id, principal), principal);
  });

  app.post('/v1/games/:id/join', {
    schema: {
      tags: ['games'], operationId: 'joinGame', summary: 'Take a seat (the first free one unless `seat` is given); the game starts when full', params: GameId,
      description: 'Takes the seat you ask for, or the first free one (the body may be omitted). `clientSeed` gives your contribution to the deal with the join (see setClientSeed): it counts even when this join fills the last seat, which starts the game at once and shows it active.',
      body: body(JoinGameBody, { seat: 1 }, { clientSeed: 'my-own-9f3a1c' }), response: { 200: ok('The game with your seat', Type.Ref('GameDetail')), ...errorResponses({ 400: ['INVALID_JSON'] }, 401, 403, joinCodes) },
    },
    // The body is optional: no body means "the first free seat".
    preValidation: async (request) => {
      request.body ??= {};
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await joinGame(ctx, principal, request.params.id, request.body.seat, request.body.clientSeed), principal);
  });

  app.post('/v1/games/:id/start', {
    schema: {
      tags: ['games'], operationId: 'startGame', summary: "Start with the players seated so far (creator only; at least the game's minimum)", params: GameId,
      description: 'Starts an open game early with the seats filled so far; empty seats are dropped and the seating compacted.',
      response: { 200: ok('The started game', Type.Ref('GameDetail')), ...errorResponses(400, 401, { 403: ['NOT_GAME_CREATOR'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'NOT_ENOUGH_PLAYERS', 'GAME_TYPE_UNAVAILABLE'] }) },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await startGame(ctx, principal, request.params.id), principal);
  });

  app.put('/v1/games/:id/client-seed', {
    schema: {
      tags: ['games'], operationId: 'setClientSeed', summary: 'Give your own seed to the deal before the game starts (seated players)', params: GameId,
      description: 'Provably fair dealing (docs/fairness.md): the deal comes from the server seed, committed at creation (`seedCommitment`), and the client seed of every seat together, so neither the server nor any player can choose it. Each seated player may give one before the start (or with joinGame) and replace it until then; leaving the seat drops it. Client seeds are public (`clientSeeds`); the server seed is revealed when the game is over, and GET /v1/games/{id}/record carries everything a verifier needs. Games created before client seeds existed (`seedDerivation` 1) refuse with 409 CLIENT_SEEDS_UNSUPPORTED.',
      body: body(ClientSeedBody, { clientSeed: 'my-own-9f3a1c' }),
      response: { 200: ok('The game with your client seed', Type.Ref('GameDetail')), ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'CLIENT_SEEDS_UNSUPPORTED'] }) },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await setClientSeed(ctx, principal, request.params.id, request.body.clientSeed), principal);
  });

  app.post('/v1/games/:id/leave', {
    schema: {
      tags: ['games'], operationId: 'leaveGame', summary: 'Give up your seat before the game starts', params: GameId,
      description: 'Frees your seat of an open game (after the start, resign instead). When the last person leaves (bots alone do not keep it), the game closes with status `aborted` rather than waiting empty in the lobby; to arrange a game of bots, the creator gives their own seat to a bot (PUT /v1/games/{id}/seats/{seat}) instead of leaving.',
      response: { 200: ok('The game without you', Type.Ref('GameDetail')), ...errorResponses(400, 401, 403, 404, { 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'NOT_SEATED'] }) },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await leaveGame(ctx, principal, request.params.id), principal);
  });

  app.get('/v1/games/:id/legal-actions', {
    schema: {
      tags: ['play'], operationId: 'listLegalActions', summary: 'The actions your seat may take now (empty when it is not your turn)', params: GameId,
      description: 'Every action your seat may submit at `version`, each ready to send as is as `action` of submitAction (render them as buttons).',
      response: {
        200: ok('Your legal actions', Type.Ref('LegalActions'), { gameType: 'urbanization', version: 7, seat: 0, actions: [{ type: 'place', territory: 4 }, { type: 'pass' }] }),
        ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_TYPE_UNAVAILABLE'] }),
      },
    },
  }, async (request) => legalActions(ctx, requireUser(request), request.params.id));

  app.post('/v1/games/:id/actions', {
    config: { limit: 'submit' },
    schema: {
      tags: ['play'], operationId: 'submitAction', params: GameId, headers: SubmitHeaders,
      body: body(SubmitActionBody, { gameType: 'urbanization', action: { type: 'place', territory: 4 }, expectedVersion: 7 }),
      summary: 'Submit an action for your seat',
      description: '201 with the new version, your view and your log entries. No refusal changes anything. A retry with the same Idempotency-Key returns the first answer (header `Idempotent-Replayed: true`), also while the first is still in flight. With `Prefer: return=minimal` the answer is 204 with the new version in the `Game-Version` header (and `Preference-Applied: return=minimal`): the server neither computes nor sends your view, for clients that follow the updates of the game (GraphQL subscription, GET /v1/me/events). 503 OUTCOME_UNKNOWN: the connection to the database was lost while the move was being recorded, so the server cannot tell whether it landed: reload, or retry with the same Idempotency-Key.',
      response: {
        201: ok('The action was applied', Type.Ref('MoveResult'), undefined, REPLAYED_HEADER),
        204: Type.Null({ description: 'The action was applied (asked with `Prefer: return=minimal`)', headers: MINIMAL_MOVE_HEADERS }),
        ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_ACTION', 'GAME_TYPE_MISMATCH'] }, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_BUSY', 'STALE_VERSION', 'GAME_NOT_ACTIVE', 'RESIGNED', 'GAME_TYPE_UNAVAILABLE'], 422: ['NOT_YOUR_TURN', 'RULE_VIOLATION/{rule}', 'IDEMPOTENCY_KEY_REUSED'], 429: ['RATE_LIMITED'], 503: ['OUTCOME_UNKNOWN'] }),
      },
    },
  }, async (request, reply) => {
    const minimal = prefersMinimal(request.headers.prefer);
    const result = await submitAction(ctx, requireUser(request), {
      gameId: request.params.id,
      action: request.body.action,
      gameType: request.body.gameType,
      expectedVersion: request.body.expectedVersion,
      idempotencyKey: request.headers['idempotency-key'],
      minimal,
    });
    const { replayed, ...answer } = result;
    if (replayed) reply.header('idempotent-replayed', 'true');
    if (minimal) return reply.code(204).header('preference-applied', 'return=minimal').header('game-version', String(answer.version)).send();
    return reply.code(201).send(answer);
  });

  app.get('/v1/games/:id/log', {
    schema: {
      tags: ['play'], operationId: 'getGameLog', summary: 'Events after `after`, with the log entries your seat may read', params: GameId,
      description: `The game's events with seq > \`after\`, oldest first, at most \`limit\` (up to ${LOG_PAGE_LIMIT}); page on with the last seq. Your own actions are included; others' only as their public log lines.`,
      querystring: Type.Object({
        after: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SEQ, default: 0, description: 'Only events with a larger seq' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_PAGE_LIMIT, default: LOG_PAGE_LIMIT, description: 'Most events to return' })),
      }, { additionalProperties: false }),
      response: { 200: ok('A page of events', Type.Object({ version: Type.Integer(), events: Type.Array(Type.Ref('PlayerEvent')) })), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => gameLog(ctx, optionalUser(request), request.params.id, request.query.after ?? 0, request.query.limit));
};
