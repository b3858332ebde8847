import type { Logger } from 'pino';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type DatabaseConnection } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { resolveSecrets } from './secrets.ts';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  database: DatabaseConnection;
  /** Closes the pool, then stops the embedded PostgreSQL when this process started it. */
  close(): Promise<void>;
}

/**
 * The built app's libraries run their production builds, whatever mode the app itself runs in: the
 * app's mode comes from NODE_ENV as the operator left it (unset: development defaults), read by
 * `loadConfigOrExit` before this, while React's development build renders pages about twice as
 * slowly. Built entry points call it after loading the configuration and before importing the
 * server (`await import('./serve.ts')`), since libraries choose their build when first loaded.
 */
export function useProductionLibraries(): void {
  process.env.NODE_ENV = 'production';
}

/**
 * Reads the configuration or exits with every problem listed: the first thing each entry point does.
 * `defaults` apply to variables the environment leaves unset (`npm run dev` opens the mailbox).
 */
export function loadConfigOrExit(defaults: Record<string, string> = {}): AppConfig {
  const environment = { ...process.env };
  for (const [name, value] of Object.entries(defaults)) environment[name] ||= value;
  try {
    return resolveSecrets(loadConfig(environment));
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
    await runMigrations(database.pool);
  } catch (error) {
    await close();
    throw error;
  }
  return { config, logger, database, close };
}
