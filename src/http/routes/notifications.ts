import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { changeEmail, changePreferences, escapeHtml, preferencesOf, unsubscribe, verifyEmail, type MailSettings } from '../../services/notifications.js';
import { pushSubscriptionsOf, subscribePush, unsubscribePush, vapidPublicKey, type PushSettings } from '../../services/push.js';
import { EMAIL_MODES } from '../../store/notifications.js';
import { intlTag, negotiateLocale, translator, type Translator } from '../../shared/i18n/index.js';
import { requireUser } from '../auth.js';
import { body, errorResponses, ok, publicErrors } from './common.js';

const Preferences = Type.Object({
  email: Type.Union([Type.String(), Type.Null()], { description: 'The address notifications go to once verified (null: none)' }),
  emailVerified: Type.Boolean({ description: 'Mail is sent only to a verified address' }),
  emailMode: Type.Union(EMAIL_MODES.map((mode) => Type.Literal(mode)), { description: '`never`; `each_turn`: a mail when a turn comes (listing every game waiting); `digest`: at most one mail every `digestHours`' }),
  digestHours: Type.Integer({ minimum: 1, maximum: 168 }),
  timeZone: Type.Union([Type.String(), Type.Null()], { description: 'Your IANA time zone ("Europe/Paris"): mails give deadlines and link expiries in it; null: in UTC' }),
  emailAvailable: Type.Boolean({ description: 'False when this server sends no mail (SMTP_URL unset)' }),
}, { $id: 'NotificationPreferences' });
const Token = Type.Object({ token: Type.String({ maxLength: 1000, description: 'The token of the link in the mail' }) });
const page = (lang: string, title: string, text: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
/** The words of a page a mail's link opens: in the language of the browser that opens it (Accept-Language). */
const pageWords = (acceptLanguage: string | undefined): Translator => translator(negotiateLocale(acceptLanguage));

/** A person's e-mail notifications (services/notifications.ts): address, verification, preferences, one-click unsubscribe. */
const PushSubscription = Type.Object({ id: Type.String({ format: 'uuid' }), endpoint: Type.String(), createdAt: Type.String({ format: 'date-time' }) });

export const notificationRoutes = (ctx: ServiceContext, mail: MailSettings, push: PushSettings): FastifyPluginAsyncTypebox => async (app) => {
  app.addSchema(Preferences);
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form (this plugin's routes only; the body is not needed).
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, raw, done) => done(null, raw));
  }
  const PreferencesRef = Type.Ref('NotificationPreferences');

  app.get('/v1/me/notifications', {
    schema: {
      tags: ['notifications'], operationId: 'getNotificationPreferences', summary: 'Your notification settings',
      description: 'Your e-mail address, whether it is verified, and how often you want mail.',
      response: { 200: ok('Your settings', PreferencesRef), ...errorResponses(401, 403) },
    },
  }, async (request) => preferencesOf(ctx, mail, requireUser(request)));

  app.put('/v1/me/notifications', {
    schema: {
      tags: ['notifications'], operationId: 'setNotificationPreferences', summary: 'Choose how often you get mail',
      description: '`emailMode`: `never`, `each_turn` (one mail per turn, listing all the games waiting for you with their deadlines; also "deadline near", "game over" and invitations) or `digest` (the same, gathered into at most one mail every `digestHours`). `timeZone`: an IANA time zone name (`Europe/Paris`) the mails give times in, or null for UTC. Fields left out stay as they are.',
      body: body(Type.Object({ emailMode: Type.Optional(Type.String()), digestHours: Type.Optional(Type.Integer()), timeZone: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) }, { additionalProperties: false }), { emailMode: 'digest', digestHours: 12, timeZone: 'Europe/Paris' }),
      response: { 200: ok('Your settings', PreferencesRef), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_NOTIFICATION_SETTINGS'] }, 401, 403) },
    },
  }, async (request) => changePreferences(ctx, mail, requireUser(request), request.body));

  app.put('/v1/me/email', {
    schema: {
      tags: ['notifications'], operationId: 'setEmail', summary: 'Set (or remove) the address your notifications go to',
      description: 'The address is unverified until the link mailed to it is followed; nothing else is sent to it before. `null` removes it. Limited (README, EMAIL_* settings): address changes per account, verification mails per account and per address, one pending verification per address (setting it again while its mail is pending sends no second one); past a limit 429 EMAIL_RATE_LIMITED with `Retry-After` and `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`, `RateLimit-Policy` (as every rate limit of this API). An address that refused our mail or unsubscribed is refused (422 EMAIL_SUPPRESSED).',
      body: body(Type.Object({ email: Type.Union([Type.Null(), Type.String({ maxLength: 254 })]) }, { additionalProperties: false }), { email: 'alice@example.com' }),
      response: { 200: ok('Your settings', PreferencesRef), ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_EMAIL'] }, 401, 403, { 409: ['EMAIL_DISABLED'], 422: ['EMAIL_SUPPRESSED'], 429: ['EMAIL_RATE_LIMITED'] }) },
    },
  }, async (request) => changeEmail(ctx, mail, requireUser(request), request.body.email));

  app.get('/v1/email/verify', {
    schema: {
      tags: ['notifications'], operationId: 'verifyEmail', summary: 'Follow a verification link', querystring: Token,
      description: 'The link of the verification mail: marks the address verified if it is still the account\'s. Answers a short HTML page.',
      produces: ['text/html'],
      response: { 200: { description: 'Verified (an HTML page)', content: { 'text/html': { schema: Type.String() } } }, ...publicErrors(), ...errorResponses({ 400: ['LINK_EXPIRED', 'INVALID_LINK'], 409: ['EMAIL_CHANGED'] }) },
    },
  }, async (request, reply) => {
    const { email } = await verifyEmail(ctx, mail, request.query.token);
    const tr = pageWords(request.headers['accept-language']);
    return reply.type('text/html; charset=utf-8').send(page(intlTag(tr.locale), escapeHtml(tr.t('mail.page.verified.title')), escapeHtml(tr.t('mail.page.verified.text', { email }))));
  });

  app.post('/v1/email/unsubscribe', {
    schema: {
      tags: ['notifications'], operationId: 'unsubscribeEmail', summary: 'One-click unsubscribe (RFC 8058)', querystring: Token,
      description: 'The URL of every mail\'s `List-Unsubscribe` header, POSTed by mail clients with `List-Unsubscribe=One-Click` (`List-Unsubscribe-Post`): sets the account\'s `emailMode` to `never`. Any body is accepted.',
      response: { 204: Type.Null({ description: 'Unsubscribed' }), ...publicErrors(), ...errorResponses({ 400: ['INVALID_LINK'] }) },
    },
  }, async (request, reply) => {
    await unsubscribe(ctx, mail, request.query.token);
    return reply.code(204).send(null);
  });

  app.get('/v1/email/unsubscribe', {
    schema: {
      tags: ['notifications'], operationId: 'unsubscribeEmailPage', summary: 'The unsubscribe page (a button that POSTs)', querystring: Token,
      description: 'What a person opening the unsubscribe link sees: a button that POSTs to the same URL. A GET changes nothing (link scanners open links).',
      response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: Type.String() } } }, ...publicErrors(), ...errorResponses(400) },
    },
  }, async (request, reply) => {
    const action = `/v1/email/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    const tr = pageWords(request.headers['accept-language']);
    return reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
      .send(page(intlTag(tr.locale), escapeHtml(tr.t('mail.page.unsubscribe.title')), `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(tr.t('mail.page.unsubscribe.button'))}</button></form>`));
  });

  app.get('/v1/push/key', {
    schema: {
      tags: ['notifications'], operationId: 'getPushKey', summary: 'The VAPID public key browsers subscribe with',
      description: 'Pass it as `applicationServerKey` to `pushManager.subscribe()`; the pushes are signed with its private key (RFC 8292).',
      response: { 200: ok('The key (base64url)', Type.Object({ publicKey: Type.String() })), ...publicErrors(), ...errorResponses({ 409: ['PUSH_DISABLED'] }) },
    },
  }, async () => vapidPublicKey(push));

  app.post('/v1/me/push-subscriptions', {
    config: { limit: 'push-subscription' },
    schema: {
      tags: ['notifications'], operationId: 'subscribePush', summary: 'Store this browser\'s push subscription',
      description: 'The JSON of the browser\'s `PushSubscription` (`endpoint` and `keys`). "Your turn" and "deadline near" are then pushed to it, encrypted for its keys (RFC 8291). The same endpoint again updates it; an endpoint another account holds is refused (409 PUSH_ENDPOINT_TAKEN). A subscription the push service reports gone (404/410) is removed.',
      body: body(Type.Object({
        endpoint: Type.String({ maxLength: 2000 }),
        expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
        keys: Type.Object({ p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
      }, { additionalProperties: false }), { endpoint: 'https://push.example.net/send/abc123', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
      response: {
        201: ok('Stored', PushSubscription),
        ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_PUSH_SUBSCRIPTION'] }, 401, 403, { 409: ['PUSH_DISABLED', 'TOO_MANY_PUSH_SUBSCRIPTIONS', 'PUSH_ENDPOINT_TAKEN'], 422: ['UNSAFE_PUSH_ENDPOINT'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await subscribePush(ctx, push, requireUser(request), request.body)));

  app.get('/v1/me/push-subscriptions', {
    schema: {
      tags: ['notifications'], operationId: 'listPushSubscriptions', summary: 'Your browsers\' push subscriptions',
      description: 'The endpoints your notifications are pushed to (their keys are not shown).',
      response: { 200: ok('Your subscriptions', Type.Array(PushSubscription)), ...errorResponses(401, 403) },
    },
  }, async (request) => pushSubscriptionsOf(ctx, requireUser(request)));

  app.delete('/v1/me/push-subscriptions/:id', {
    schema: {
      tags: ['notifications'], operationId: 'unsubscribePush', summary: 'Remove a push subscription', params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      description: 'Nothing more is pushed to that browser.',
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    await unsubscribePush(ctx, requireUser(request), request.params.id);
    return reply.code(204).send(null);
  });
};
