import type { Logger } from 'pino';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type DatabaseConnection } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './logger.ts';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  database: DatabaseConnection;
  /** Closes the pool, then stops the embedded PostgreSQL when this process started it. */
  close(): Promise<void>;
}

/** Reads the configuration or exits with every problem listed: the first thing each entry point does. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nFix these environment variables (see .env.example) and start again.`);
      process.exit(1);
    }
    throw error;
  }
}

export { createLogger } from './logger.ts';

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL, and applies the migrations. */
export async function openRuntime(config: AppConfig, logger = createLogger(config)): Promise<Runtime> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  const database = connectDatabase(config.databaseUrl ?? embedded!.url);
  const close = async () => {
    await database.close().catch((error) => logger.error({ err: error }, 'closing the database pool failed'));
    await embedded?.stop();
  };
  try {
    await runMigrations(database.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { config, logger, database, close };
}
