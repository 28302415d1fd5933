import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './store/embedded-postgres.js';
import { migrate } from './store/migrate.js';

/** Start: config, embedded Postgres when DATABASE_URL is unset, migrations, listen, graceful shutdown. */
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
  const applied = await migrate(databaseUrl, say);
  say(applied.length > 0 ? `applied ${applied.length} migration(s)` : 'database schema is up to date');

  const app = await buildApp({ config, databaseUrl });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: closing`);
    await app.close().catch((error: unknown) => console.error(error));
    await embedded?.stop().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  // Only a process that serves runs background work: one that fails to start holds none.
  app.startWorkers();
  say(`API on http://${config.host}:${config.port}/v1, GraphQL on /graphql, docs on /docs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
