// Runs `prisma generate` (on install and before start/test). The Prisma CLI insists on locating a
// schema-engine binary even though generate never runs it, and that binary cannot be downloaded on
// machines without internet access: point it at any executable (node itself) unless one is set.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const cli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
process.exit(result.status ?? 1);
