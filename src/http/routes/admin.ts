import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { adminGame, adminStateAt, searchGames, verifyAndRecord } from '../../services/admin-games.js';
import { exportGame, IMPORT_BODY_LIMIT_BYTES, IMPORT_MAX_EVENTS, importRecord } from '../../services/admin-records.js';
import { abortGame, findUsers, replaceSeatByBot, setAccountDisabled } from '../../services/admin-moderation.js';
import type { ServiceContext } from '../../services/context.js';
import { RECORD_FORMAT } from '../../services/record.js';
import { requireUser } from '../auth.js';
import { RecordImportBody } from '../record-schemas.js';
import { EventKind, GameId, GameStatus, MAX_SEQ, pageOf, pageQuery, TotalCappedField, TotalField, logKeyFields } from '../schemas.js';
import { body, errorResponses, ok } from './common.js';

/** The admin's game inspector (find games, one game's whole history, time travel, verify, export and import) and moderation. */
const adminErrors = errorResponses(400, 401, { 403: ['ADMIN_ONLY'] }, 404, { 409: ['GAME_TYPE_UNAVAILABLE'] });
const anyJson = (description: string) => Type.Unsafe<unknown>({ description });
const LogLine = Type.Object({
  message: Type.String(), ...logKeyFields, data: Type.Optional(Type.Unknown()),
  visibleTo: Type.Optional(Type.Array(Type.Integer(), { description: 'Only these seats may read it (absent: public)' })),
});
const Divergence = Type.Union([Type.Object({ atEvent: Type.Integer(), reason: Type.String() }), Type.Null()], { description: 'The first divergence found (null: none)' });
const LastVerify = Type.Union([
  Type.Object({ ok: Type.Boolean(), at: Type.String({ format: 'date-time' }), version: Type.Integer({ description: 'The game version checked' }), divergence: Divergence }),
  Type.Null(),
], { description: 'The verdict of the last verify (null: never verified)' });
const adminExtras = {
  players: Type.Array(Type.Union([Type.String(), Type.Null()]), { description: 'Usernames by seat (an imported seat without an account here: the name its record gave; null: nobody)' }),
  lastVerify: LastVerify,
};
const AdminGameItem = Type.Intersect([Type.Ref('GameSummary'), Type.Object(adminExtras)]);
const VerifyVerdict = Type.Object({ ok: Type.Boolean(), version: Type.Integer(), checkedEvents: Type.Integer(), divergence: Divergence });
const IsoDate = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]);

/** The body may be omitted (all its fields are optional). */
const optionalBody = async (request: FastifyRequest) => {
  request.body ??= {};
};

/** `createdTo` given as a day means the whole of that day. */
const dayEnd = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000 - 1) : new Date(value));

export const adminRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/admin/games', {
    schema: {
      tags: ['admin'], operationId: 'adminListGames',
      summary: 'Find games by id (or its start), type, status, player, rules version, creation date and verify verdict; newest first',
      description: 'Every filter is optional and they combine (AND). `player` matches a username holding a seat, in any case. `verify`: `failed` (the last verify found a divergence), `ok`, `never` (not verified yet). `items` and `games` are the same list (`games`: the name of the first version of this operation).',
      querystring: Type.Object({
        id: Type.Optional(Type.String({ minLength: 1, maxLength: 36, pattern: '^[0-9a-fA-F-]+$', description: 'A game id, or its first characters' })),
        type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        status: Type.Optional(GameStatus),
        player: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A username (any case)' })),
        rulesVersion: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
        createdFrom: Type.Optional({ ...IsoDate, description: 'Created at or after (a day or a time, ISO 8601)' }),
        createdTo: Type.Optional({ ...IsoDate, description: 'Created at or before (a day means up to its end)' }),
        verify: Type.Optional(Type.Union([Type.Literal('failed'), Type.Literal('ok'), Type.Literal('never')], { description: 'The last verify verdict' })),
        ...pageQuery,
      }, { additionalProperties: false }),
      response: {
        200: ok('A page of games', Type.Object({
          items: Type.Array(AdminGameItem), total: TotalField, totalCapped: TotalCappedField, limit: Type.Integer(), offset: Type.Integer(),
          games: Type.Array(AdminGameItem, { description: 'The same list as `items` (deprecated name)' }),
        })),
        ...adminErrors, ...errorResponses({ 400: ['UNKNOWN_GAME_TYPE', 'INVALID_DATE_RANGE'] }),
      },
    },
  }, async (request) => {
    const { createdFrom, createdTo, ...query } = request.query;
    return searchGames(ctx, requireUser(request), {
      ...query, ...pageOf(query),
      createdFrom: createdFrom === undefined ? undefined : new Date(createdFrom),
      createdTo: createdTo === undefined ? undefined : dayEnd(createdTo),
    });
  });

  app.get('/v1/admin/games/:id', {
    schema: {
      tags: ['admin'], operationId: 'adminGetGame', summary: 'Everything about a game: full state, seed, clocks, every event with every log line', params: GameId,
      description: 'For audits: the game with its full (unredacted) state, seed, clocks and seats, and its whole timeline: per event who (seat, account), kind, action, every log line with its visibility, time and whether it can be taken back. Needs an admin account (and the `admin` scope on an API token).',
      response: {
        200: ok('The whole game', Type.Intersect([Type.Ref('GameDetail'), Type.Object({
          ...adminExtras,
          seed: Type.String(),
          state: anyJson("The engine's full state (game-specific; null before the start)"),
          clocks: anyJson('Per seat: remaining budget and when its turn began (null without a time control)'),
          seatsDetail: Type.Array(Type.Object({
            seat: Type.Integer(), userId: Type.Union([Type.String(), Type.Null()]), username: Type.Union([Type.String(), Type.Null()]), bot: Type.Union([Type.String(), Type.Null()]),
            timeouts: Type.Integer(), resigned: Type.Boolean(),
          }, { additionalProperties: true })),
          events: Type.Array(Type.Object({
            seq: Type.Integer(), seat: Type.Union([Type.Integer(), Type.Null()], { description: 'The seat it is for (null: a system event)' }),
            actorId: Type.Union([Type.String(), Type.Null()]), username: Type.Union([Type.String(), Type.Null()], { description: 'The account that caused it (null: a bot, a deadline)' }),
            kind: EventKind, undoesSeq: Type.Union([Type.Integer(), Type.Null()]), action: anyJson('The action as submitted'),
            log: Type.Array(LogLine), irreversible: Type.Boolean({ description: 'Revealed information or drew at random: it can never be taken back' }),
            createdAt: Type.String({ format: 'date-time' }),
          })),
        })])),
        ...adminErrors,
      },
    },
  }, async (request) => {
    requireUser(request);
    return adminGame(ctx, request.params.id);
  });

  app.get('/v1/admin/games/:id/state', {
    schema: {
      tags: ['admin'], operationId: 'adminGetStateAt', summary: 'The state right after event `at` (0 = initial): the full state, or one seat\'s view of it', params: GameId,
      description: 'Time travel: replays the log from the seed up to event `at`. Without `seat`: `{ version, state }`, the full state. With `seat` (a number, or `public` for spectators): `{ version, at, seat, view, log }`, what that seat saw then, with the log lines it could read up to `at`.',
      querystring: Type.Object({
        at: Type.Integer({ minimum: 0, maximum: MAX_SEQ, description: 'Event seq (0: the state at the start)' }),
        seat: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 15 }), Type.Literal('public')], { description: "A seat's view, or `public` for the spectators' view" })),
      }, { additionalProperties: false }),
      response: {
        200: ok('The state (or view) after event `at`', Type.Object({
          version: Type.Integer({ description: 'The event the state is right after (= `at`)' }),
          state: Type.Optional(anyJson("The engine's full state (without `seat`)")),
          at: Type.Optional(Type.Integer()), seat: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'null: the public view' })),
          view: Type.Optional(anyJson("The seat's view (with `seat`)")),
          log: Type.Optional(Type.Array(Type.Object({ seq: Type.Integer(), message: Type.String(), ...logKeyFields, data: Type.Optional(Type.Unknown()) }), { description: 'The log lines the seat could read up to `at`' })),
        })),
        ...adminErrors, ...errorResponses({ 422: ['GAME_NOT_STARTED', 'NO_SUCH_VERSION', 'NO_SUCH_SEAT'] }),
      },
    },
  }, async (request) => {
    requireUser(request);
    return adminStateAt(ctx, request.params.id, request.query.at, request.query.seat);
  });

  app.post('/v1/admin/games/:id/verify', {
    schema: {
      tags: ['admin'], operationId: 'adminVerifyGame', summary: 'Replay the whole log and compare with the stored state; reports the first divergence and keeps the verdict', params: GameId,
      description: 'Replays every event from the seed and compares the result (and the facts of every stored log line, its `data`: engines may reword their lines) with what is stored. The verdict is kept with the game (`lastVerify`; `GET /v1/admin/games?verify=failed`); keeping it does not touch the game itself.',
      response: { 200: ok('The verdict', VerifyVerdict, { ok: true, version: 42, checkedEvents: 42, divergence: null }), ...adminErrors },
    },
  }, async (request) => {
    requireUser(request);
    return verifyAndRecord(ctx, request.params.id);
  });

  app.get('/v1/admin/games/:id/export', {
    schema: {
      tags: ['admin'], operationId: 'adminExportGame', params: GameId,
      summary: `Download a game as a portable record (\`${RECORD_FORMAT}\`)`,
      description: 'The record of any started game: type, rules version, options, seed, seats, time control and every event with its action and time, with the final state\'s hash. `POST /v1/admin/games/import` takes it back (here or on another server); `scripts/verify-record.ts` checks it offline.',
      response: { 200: ok('The record', Type.Ref('GameRecord')), ...adminErrors, ...errorResponses({ 409: ['RULES_VERSION_UNSUPPORTED'], 422: ['GAME_NOT_STARTED'] }) },
    },
  }, async (request) => {
    requireUser(request);
    return exportGame(ctx, request.params.id);
  });

  app.post('/v1/admin/games/import', {
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    schema: {
      tags: ['admin'], operationId: 'adminImportGame',
      summary: 'Store a game from a portable record, after replaying and verifying it',
      description: `Replays the record under its rules version first; nothing is stored unless every event is legal, the game ends (finished with the recorded result, or aborted/abandoned as recorded) and, when given, the final state matches \`finalStateHash\`. Refused otherwise with \`RECORD_DOES_NOT_REPLAY\` naming the event (\`atEvent\`, \`reason\`). Seats whose \`username\` is an account here go to that account; other names are kept as the seat's name, without an account. The game gets a new id, \`importedAt\`, and is verified at once. At most ${IMPORT_MAX_EVENTS} events and ${IMPORT_BODY_LIMIT_BYTES / 1024 / 1024} MiB.`,
      body: body(RecordImportBody, {
        format: RECORD_FORMAT, type: 'urbanization', rulesVersion: 2, options: { inventions: false }, seed: 'sha256:0123456789abcdef0123456789abcdef',
        seats: [{ seat: 0, username: 'ann', bot: null }, { seat: 1, username: 'bob', bot: null }], timeControl: { kind: 'none' },
        events: [{ seq: 1, kind: 'action', seat: 0, undoesSeq: null, action: { type: 'place', territory: 3 }, at: '2026-11-23T10:00:00.000Z' }],
      }),
      response: {
        201: ok('The stored game', Type.Object({
          id: Type.String({ format: 'uuid', description: 'The new game' }), status: GameStatus, version: Type.Integer(), importedAt: Type.String({ format: 'date-time' }),
          seats: Type.Array(Type.Object({ seat: Type.Integer(), username: Type.Union([Type.String(), Type.Null()]), account: Type.Boolean({ description: 'The name is an account of this server' }), bot: Type.Union([Type.String(), Type.Null()]) })),
          verify: VerifyVerdict,
        })),
        ...adminErrors,
        ...errorResponses({ 400: ['INVALID_JSON', 'UNKNOWN_GAME_TYPE', 'INVALID_SEAT_COUNT', 'INVALID_OPTIONS', 'INVALID_TIME_CONTROL', 'INVALID_RECORD', 'UNKNOWN_BOT'], 409: ['RULES_VERSION_UNSUPPORTED'], 413: ['PAYLOAD_TOO_LARGE'], 422: ['RECORD_DOES_NOT_REPLAY', 'RECORD_NOT_FINISHED'] }),
      },
    },
  }, async (request, reply) => {
    const result = await importRecord(ctx, requireUser(request), request.body as Parameters<typeof importRecord>[2]);
    return reply.code(201).send(result);
  });

  // ---- moderation (services/admin-moderation.ts) ----

  app.post('/v1/admin/games/:id/abort', {
    schema: {
      tags: ['admin'], operationId: 'adminAbortGame', params: GameId,
      summary: 'End a game now, without a result (status `aborted`)',
      description: 'A running game gets an `abort` event (its players and subscribers hear of it as of any move) and ends with status `aborted` and no result; its deadlines and bot turns are dropped. An open game simply closes. Refused on a game that is over. Logged with the admin\'s id.',
      body: body(Type.Object({ reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Shown in the log' })) }, { additionalProperties: false }), { reason: 'Players colluding' }),
      response: { 200: ok('The aborted game', Type.Ref('GameDetail')), ...adminErrors, ...errorResponses({ 400: ['INVALID_JSON'], 409: ['GAME_BUSY', 'GAME_FINISHED'] }) },
    },
    preValidation: optionalBody,
  }, async (request) => abortGame(ctx, requireUser(request), request.params.id, request.body.reason));

  app.post('/v1/admin/games/:id/seats/:seat/bot', {
    schema: {
      tags: ['admin'], operationId: 'adminReplaceSeatByBot',
      params: Type.Object({ id: Type.String({ format: 'uuid' }), seat: Type.Integer({ minimum: 0, maximum: 15 }) }),
      summary: 'Give a seat of a running game to a bot, which plays on from now',
      description: "The seat's player (if any) leaves it and `bot` (default: the game's strongest) plays it from now on, moving as soon as the seat is to act. The log gets a `replace` event naming the replaced player. Logged with the admin's id.",
      body: body(Type.Object({ bot: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: "One of the game's bots (GET /v1/game-types): `random` or the game's own" })) }, { additionalProperties: false }), { bot: 'random' }),
      response: { 200: ok('The game, the seat now a bot\'s', Type.Ref('GameDetail')), ...adminErrors, ...errorResponses({ 400: ['INVALID_JSON'], 409: ['GAME_BUSY', 'GAME_NOT_ACTIVE', 'SEAT_ALREADY_BOT'], 422: ['NO_SUCH_SEAT', 'UNKNOWN_BOT'] }) },
    },
    preValidation: optionalBody,
  }, async (request) => replaceSeatByBot(ctx, requireUser(request), request.params.id, request.params.seat, request.body.bot));

  const AdminUser = Type.Object({
    id: Type.String({ format: 'uuid' }), username: Type.String(), role: Type.Union([Type.Literal('player'), Type.Literal('admin')]), createdAt: Type.String({ format: 'date-time' }),
    disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When an admin disabled the account (null: it works)' }),
  });

  app.get('/v1/admin/users', {
    schema: {
      tags: ['admin'], operationId: 'adminListUsers',
      summary: 'Find accounts by a part of their name',
      description: 'Accounts whose username contains `q` (any case; all without `q`), by name, with whether they are disabled.',
      querystring: Type.Object({ q: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A part of the username' })), ...pageQuery }, { additionalProperties: false }),
      response: { 200: ok('A page of accounts', Type.Object({ items: Type.Array(AdminUser), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() })), ...adminErrors },
    },
  }, async (request) => {
    requireUser(request);
    return findUsers(ctx, { q: request.query.q, ...pageOf(request.query) });
  });

  const UserId = Type.Object({ id: Type.String({ format: 'uuid' }) });
  app.post('/v1/admin/users/:id/disable', {
    schema: {
      tags: ['admin'], operationId: 'adminDisableUser', params: UserId,
      summary: 'Disable an account: no login, and every token it holds stops working at once',
      description: 'The account cannot log in (403 `ACCOUNT_DISABLED`) and its login tokens and API tokens are refused from the next request on, in every server process. Its games go on (give its seats to bots with `POST /v1/admin/games/{id}/seats/{seat}/bot`). Disabling a disabled account changes nothing; an admin cannot disable their own account. Logged with the admin\'s id.',
      response: { 200: ok('The account', AdminUser), ...adminErrors, ...errorResponses({ 422: ['CANNOT_DISABLE_SELF'] }) },
    },
  }, async (request) => setAccountDisabled(ctx, requireUser(request), request.params.id, true));

  app.post('/v1/admin/users/:id/enable', {
    schema: {
      tags: ['admin'], operationId: 'adminEnableUser', params: UserId,
      summary: 'Enable a disabled account again',
      description: 'The account can log in again, and its tokens that have not expired or been revoked work again. Logged with the admin\'s id.',
      response: { 200: ok('The account', AdminUser), ...adminErrors },
    },
  }, async (request) => setAccountDisabled(ctx, requireUser(request), request.params.id, false));
};
