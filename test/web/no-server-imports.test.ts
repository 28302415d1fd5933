import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app is a client of the public API like any other: it shares types only through the
 * generated contract (openapi/openapi.d.ts), and game data only through the API (the catalogs).
 * Every relative import of web/src must stay inside web/ or name that contract file, or a module of
 * src/shared (the naming of games and players, shared with the server's mails), which imports nothing.
 */
const root = resolve(import.meta.dirname, '..', '..');
const webSrc = join(root, 'web', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));

describe('web/src', () => {
  it('imports no server code: relative imports stay in web/, except the generated API contract', () => {
    const outside: string[] = [];
    const sources = files(webSrc);
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = relative(root, resolve(dirname(file), specifier!));
        if (!target.startsWith(`web/`) && target !== 'openapi/openapi' && !target.startsWith('src/shared/')) outside.push(`${relative(root, file)} → ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('src/shared, which the web app may import, imports only src/shared and the catalog\'s message formatter (no server code comes along)', () => {
    const shared = files(join(root, 'src', 'shared'));
    expect(shared.length).toBeGreaterThan(0);
    const PACKAGES = ['intl-messageformat', '@formatjs/icu-messageformat-parser'];
    const outside = shared.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/gm)]
      .map((match) => match[1] ?? match[2]!)
      .filter((specifier) => (specifier.startsWith('.') ? !relative(root, resolve(dirname(file), specifier)).startsWith('src/shared/') : !PACKAGES.includes(specifier)))
      .map((specifier) => `${relative(root, file)} → ${specifier}`));
    expect(outside).toEqual([]);
  });
});
