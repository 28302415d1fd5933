// Bundles the package (run by `npm pack` through `prepack`): src/index.ts and src/cli.ts with
// everything they import (the repository's src/engine and src/games, pure-rand, TypeBox) into
// dist/, so the tarball needs no dependency at all. Node's own modules (node:crypto, node:fs) stay imports.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
rmSync(join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { index: join(here, 'src/index.ts'), cli: join(here, 'src/cli.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
});
