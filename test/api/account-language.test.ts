import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../support/api.js';

/** The account's language (issue 40): stored, answered by /v1/me, set by PUT /v1/me/language and GraphQL, chosen at registration. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const register = (body: Record<string, unknown>, acceptLanguage?: string) => {
  const request = t.http.post('/v1/auth/register');
  if (acceptLanguage) request.set('Accept-Language', acceptLanguage);
  return request.send({ password: 'long enough pw', ...body });
};
const stored = async (username: string) => (await t.sql.query('SELECT language FROM users WHERE username = $1', [username])).rows[0]?.language;

describe("the account's language", () => {
  it('leaves the pages a mail\'s links open in the language of the browser that opens them', async () => {
    const german = await t.http.get('/v1/email/unsubscribe?token=any').set('Accept-Language', 'de-DE,de;q=0.9').expect(200);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain('<button type="submit">Abbestellen</button>');
    const english = await t.http.get('/v1/email/unsubscribe?token=any').set('Accept-Language', 'fr').expect(200);
    expect(english.text).toContain('<button type="submit">Unsubscribe</button>');
  });

  it('is none for a new account by default, and /v1/me says so', async () => {
    const ann = await newUser(t, 'lang_none');
    expect((await t.http.get('/v1/me').set(ann.auth).expect(200)).body.language).toBeNull();
  });

  it('is set and removed with PUT /v1/me/language, and /v1/me answers it', async () => {
    const bob = await newUser(t, 'lang_put');
    expect((await t.http.put('/v1/me/language').set(bob.auth).send({ language: 'de' }).expect(200)).body).toEqual({ language: 'de' });
    expect((await t.http.get('/v1/me').set(bob.auth).expect(200)).body.language).toBe('de');
    expect(await stored(bob.username)).toBe('de');
    expect((await t.http.put('/v1/me/language').set(bob.auth).send({ language: 'pseudo' }).expect(200)).body).toEqual({ language: 'pseudo' });
    expect((await t.http.put('/v1/me/language').set(bob.auth).send({ language: null }).expect(200)).body).toEqual({ language: null });
    expect((await t.http.get('/v1/me').set(bob.auth).expect(200)).body.language).toBeNull();
  });

  it('refuses a language the site does not speak with UNKNOWN_LANGUAGE, and changes nothing', async () => {
    const cy = await newUser(t, 'lang_bad');
    await t.http.put('/v1/me/language').set(cy.auth).send({ language: 'de' }).expect(200);
    for (const language of ['fr', 'DE', 'de-DE', '', 'english']) {
      const refused = await t.http.put('/v1/me/language').set(cy.auth).send({ language }).expect(400);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('UNKNOWN_LANGUAGE');
    }
    expect((await t.http.put('/v1/me/language').set(cy.auth).send({}).expect(400)).body.code).toBe('VALIDATION_FAILED');
    await t.http.put('/v1/me/language').set(cy.auth).send({ language: 3 }).expect(400);
    expect(await stored(cy.username)).toBe('de');
  });

  it('needs the account scope: a read-only API token may read it but not change it', async () => {
    const di = await newUser(t, 'lang_scope');
    const token = (await t.http.post('/v1/me/tokens').set(di.auth).send({ name: 'reader', scopes: ['read'] }).expect(201)).body.token;
    expect((await t.http.get('/v1/me').set('Authorization', `Bearer ${token}`).expect(200)).body.language).toBeNull();
    expect((await t.http.put('/v1/me/language').set('Authorization', `Bearer ${token}`).send({ language: 'de' }).expect(403)).body.code).toBe('INSUFFICIENT_SCOPE');
    await t.http.put('/v1/me/language').send({ language: 'de' }).expect(401);
    expect(await stored(di.username)).toBeNull();
  });

  it('is taken at registration when given, else from Accept-Language when it names a language the site speaks', async () => {
    expect((await register({ username: 'reg_given', language: 'de' }, 'en-US').expect(201)).body.user.language).toBe('de');
    expect((await register({ username: 'reg_null', language: null }, 'de-DE').expect(201)).body.user.language).toBeNull();
    expect((await register({ username: 'reg_header' }, 'de-CH,de;q=0.9,en;q=0.8').expect(201)).body.user.language).toBe('de');
    expect((await register({ username: 'reg_english' }, 'fr-FR,en;q=0.5').expect(201)).body.user.language).toBe('en');
    expect((await register({ username: 'reg_foreign' }, 'fr-FR,it;q=0.5').expect(201)).body.user.language).toBeNull();
    expect((await register({ username: 'reg_no_header' }).expect(201)).body.user.language).toBeNull();
    expect(await stored('reg_header')).toBe('de');
    expect(await stored('reg_foreign')).toBeNull();
    const refused = await register({ username: 'reg_bad', language: 'klingon' }).expect(400);
    expect(refused.body.code).toBe('UNKNOWN_LANGUAGE');
    expect(await stored('reg_bad')).toBeUndefined();
  });

  it('is the same over GraphQL: me { language }, setLanguage and register(language:)', async () => {
    const eve = await newUser(t, 'lang_gql');
    const gql = (query: string, auth?: { Authorization: string }, headers: Record<string, string> = {}) => {
      const request = t.http.post('/graphql').set(headers);
      if (auth) request.set(auth);
      return request.send({ query });
    };
    expect((await gql('mutation { setLanguage(language: "de") }', eve.auth).expect(200)).body.data.setLanguage).toBe('de');
    expect((await gql('{ me { language } }', eve.auth).expect(200)).body.data.me.language).toBe('de');
    const refused = (await gql('mutation { setLanguage(language: "xx") }', eve.auth)).body;
    expect(refused.errors[0].extensions.code).toBe('UNKNOWN_LANGUAGE');
    expect(await stored(eve.username)).toBe('de');
    expect((await gql('mutation { setLanguage(language: null) }', eve.auth).expect(200)).body.data.setLanguage).toBeNull();
    expect((await gql('{ me { language } }', eve.auth).expect(200)).body.data.me.language).toBeNull();
    const registered = await gql('mutation { register(username: "gql_lang_de", password: "long enough pw") { user { language } } }', undefined, { 'Accept-Language': 'de' }).expect(200);
    expect(registered.body.data.register.user.language).toBe('de');
    const chosen = await gql('mutation { register(username: "gql_lang_en", password: "long enough pw", language: "en") { user { language } } }', undefined, { 'Accept-Language': 'de' }).expect(200);
    expect(chosen.body.data.register.user.language).toBe('en');
  });
});
