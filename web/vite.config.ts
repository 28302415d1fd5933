import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The web app is served by the API server itself (src/http/web.ts) from web/dist.
// `npm run dev:web` runs Vite's dev server with the API proxied to a local `npm start` (port 3000).
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
export default defineConfig({
  root: import.meta.dirname,
  plugins: [preact()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline scripts or data: URLs: the app's CSP allows only files from 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: Object.fromEntries(['/v1', '/health', '/ready', '/docs'].map((path) => [path, api]).concat([['/graphql', { target: api, ws: true } as never]])),
  },
});
