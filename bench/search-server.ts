import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { resolveSecrets } from '../apps/server/src/secrets.ts';

/**
 * The API alone, in a process of its own, for the search bench: what the built server runs for
 * `/api/listings`, without building the web app first (no page is measured).
 */
const config = resolveSecrets(loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }));
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const connection = connectDatabase(config.databaseUrl);
const app = await buildApp(config, { db: connection.db });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = async () => {
  await app.close();
  await connection.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
