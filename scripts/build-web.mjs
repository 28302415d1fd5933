// Builds the web app (web/ → web/dist) with Vite when its sources are newer than the last build:
// npm's postinstall, `npm start` (prestart) and the test run's global setup call it, so nobody runs
// a separate command. `--force` rebuilds anyway. A production install (npm ci --omit=dev) has no
// Vite: it serves the web/dist built with dev dependencies (the Dockerfile's build stage).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const web = join(root, 'web');
const builtIndex = join(web, 'dist', 'index.html');

/** Newest modification time (ms) of the files a build reads. */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of ['index.html', 'vite.config.ts', 'tsconfig.json', 'src', 'public']) visit(join(web, path));
  visit(join(root, 'package-lock.json'));
  return newest;
}

export function webBuildIsStale() {
  const built = statSync(builtIndex, { throwIfNoEntry: false });
  return !built || built.mtimeMs < newestSource();
}

/** Builds web/dist unless it is up to date; answers what it did. */
export async function buildWebIfStale({ force = false, say = console.log } = {}) {
  if (!existsSync(join(web, 'index.html'))) return 'no web sources';
  try {
    createRequire(import.meta.url).resolve('vite');
  } catch {
    say('[web] Vite is not installed (production install): serving the existing web/dist');
    return 'no vite';
  }
  if (!force && !webBuildIsStale()) return 'up to date';
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(web, 'vite.config.ts'), logLevel: 'warn' });
  say(`[web] built web/dist in ${Date.now() - started} ms`);
  return 'built';
}

if (process.argv[1] === import.meta.filename) {
  await buildWebIfStale({ force: process.argv.includes('--force') });
}
