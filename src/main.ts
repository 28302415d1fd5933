import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedDatabase } from './store/embedded-postgres.js';
import { migrate, MigrationError } from './store/migrate.js';
import { parseDatabaseUrl } from './store/primary.js';
import { isDatabaseUnavailable } from './store/unavailable.js';

/**
 * Start: config, embedded Postgres when DATABASE_URL is unset, migrations, listen, graceful shutdown.
 * On SIGTERM/SIGINT the app closes first (workers finish or release their work), and only then
 * does the embedded database stop: nothing else may stop it earlier (no exit hooks).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const say = (line: string) => console.log(`[boardgame-server] ${line}`);
  if (config.jwtSecretGenerated) {
    console.warn('\n!!! JWT_SECRET is not set: using a random secret for this run only. Every token dies on restart. Set JWT_SECRET (32+ bytes) for any real deployment. !!!\n');
  }
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    say(`DATABASE_URL is not set: starting an embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPort, 'boardgames', say);
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl, say).catch(async (error: unknown) => {
    await embedded?.stop().catch(() => {});
    if (isDatabaseUnavailable(error)) throw new StartError(`cannot reach the database at ${parseDatabaseUrl(databaseUrl).describe()} (${(error as Error).message}): start PostgreSQL there or fix DATABASE_URL`);
    throw error;
  });
  say(applied.length > 0 ? `applied ${applied.length} migration(s)` : 'database schema is up to date');

  const app = await buildApp({ config, databaseUrl }).catch(async (error: unknown) => {
    await embedded?.stop().catch(() => {});
    throw error;
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: closing`);
    await app.close().catch((error: unknown) => console.error(error));
    say('closed: every request answered, workers stopped');
    await embedded?.stop().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new StartError(`port ${config.port} on ${config.host} is already in use (EADDRINUSE: another server running?): stop it or set PORT to a free port`);
    throw error;
  }
  // Only a process that serves runs background work: one that fails to start holds none.
  await app.startWorkers();
  say(`API on http://${config.host}:${config.port}/v1, GraphQL on /graphql, docs on /docs`);
}

/** A start failure whose message already says what to do. */
class StartError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
  else if (error instanceof StartError || error instanceof EmbeddedPostgresError || error instanceof MigrationError) console.error(`[boardgame-server] cannot start: ${error.message}`);
  else console.error('[boardgame-server] cannot start:', error);
  process.exit(1);
});
