// Runs `prisma generate` (npm's postinstall). The Prisma CLI insists on locating a schema-engine
// binary even though generate never runs it, and that binary cannot be downloaded on machines
// without internet access: point it at any executable (node itself) unless one is set.
// A production install (npm ci --omit=dev) has no Prisma CLI: it uses the client generated at build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let cli;
try {
  cli = require.resolve('prisma/build/index.js');
} catch {
  const generated = existsSync(new URL('../src/generated/prisma/client.ts', import.meta.url));
  console.log(`prisma CLI not installed (production install): ${generated ? 'using the generated client' : 'copy src/generated from a build with dev dependencies'}`);
  process.exit(0);
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync(process.execPath, [cli, 'generate'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
process.exit(result.status ?? 1);
