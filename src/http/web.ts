import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app (web/, built to web/dist by scripts/build-web.mjs) served by the service itself at `/`:
 * its built files as routes, and its index.html for every other GET that no route matches and that
 * is not an API path, so the app's own router handles deep links (/admin/games/…). That fallback
 * runs in the not-found handler: the API's routing (and its problem+json 404s) stays as it was.
 */
export const WEB_DIST = join(import.meta.dirname, '..', '..', 'web', 'dist');

/** Paths that belong to the API, never to the web app. */
const API_PREFIXES = ['/v1', '/graphql', '/graphiql', '/metrics', '/health', '/ready', '/docs'];
export const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The app's pages may load scripts, styles, images and fonts from this origin only (no inline script),
 * talk to the API and the GraphQL socket on it, and be framed by nobody.
 */
export const WEB_APP_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'", "connect-src 'self'",
  "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
].join(';');

export interface WebApp {
  /** The built files (hashed assets cached for good), with the app's CSP. */
  files: FastifyPluginAsync;
  /** For the not-found handler: answers the app's index.html to a GET of an app page; false otherwise. */
  servePage(request: FastifyRequest, reply: FastifyReply): boolean;
}

export function webApp(root = WEB_DIST): WebApp {
  const indexPath = join(root, 'index.html');
  // Read once: it only names the built assets, which are also fixed at start (routes per file).
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
  return {
    files: async (app) => {
      if (!indexHtml) return;
      // Replaces helmet's API policy (set by the root onRequest hook, which runs first).
      app.addHook('onRequest', async (_request, reply) => {
        reply.header('content-security-policy', WEB_APP_CSP);
      });
      // The service worker (web/public/sw.js) keeps its name across builds: browsers must check it anew.
      app.addHook('onSend', async (request, reply) => {
        if (request.url === '/sw.js') reply.header('cache-control', 'no-cache');
      });
      await app.register(fastifyStatic, {
        root,
        // One route per built file: no wildcard route that would catch the API's unknown paths.
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        // Built assets have content hashes in their names.
        maxAge: '365d',
        immutable: true,
      });
    },
    servePage(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0]!;
      // API paths and missing files (a last segment with an extension) get the API's 404.
      if (isApiPath(path) || /\.[^/]*$/.test(path)) return false;
      reply.header('content-security-policy', WEB_APP_CSP).header('cache-control', 'no-cache');
      if (!indexHtml) void reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build:web` (npm ci and npm start build it).');
      else void reply.code(200).type('text/html; charset=utf-8').send(indexHtml);
      return true;
    },
  };
}
