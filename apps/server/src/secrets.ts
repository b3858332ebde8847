import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, type EnvironmentConfig } from './config.ts';

/** Where the generated auth secret is kept, inside the data folder. */
export const AUTH_SECRET_FILE = 'auth-secret';
const MIN_SECRET_LENGTH = 32;

/** 256 random bits, URL-safe: the generated auth secret and the keys of the mailbox and test clock. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Completes the configuration at start-up. No secret is ever a constant of the source: without
 * AUTH_SECRET the secret is generated once and kept in the data folder (so restarts keep sessions),
 * and the development mailbox and the test clock get a new key at each start.
 */
export function resolveSecrets(config: EnvironmentConfig): AppConfig {
  if (config.env === 'production' && config.auth.secret === undefined) {
    throw new ConfigError(['AUTH_SECRET: is required in production']);
  }
  return {
    ...config,
    auth: { ...config.auth, secret: config.auth.secret ?? readOrCreateAuthSecret(config.dataDir) },
    devMailbox: config.devMailbox ? { key: newSecret() } : undefined,
    testClock: config.testClock ? { key: newSecret() } : undefined,
  };
}

/**
 * Reads `<dataDir>/auth-secret`, or creates it (mode 0600). Creation is a hard link of a complete
 * temporary file, which fails if the name exists: two servers starting at once on the same folder
 * end up with the same secret, and none ever reads a half-written file.
 */
export function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  try {
    return readOrCreateSecretFile(file);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError([
      `AUTH_SECRET: not set, and ${file} cannot be read or created (${(error as Error).message}); ` +
        'set AUTH_SECRET or make the data folder writable',
    ]);
  }
}

/**
 * What a secret file is for, in its error messages: the variable that replaces it, if any.
 * The embedded database's password has none.
 */
export interface SecretFileLabel {
  name: string;
  variable?: string;
}
const AUTH_SECRET_LABEL: SecretFileLabel = { name: 'AUTH_SECRET', variable: 'AUTH_SECRET' };

/** A generated secret kept in `file` (mode 0600): read it, or create it atomically. */
export function readOrCreateSecretFile(file: string, label: SecretFileLabel = AUTH_SECRET_LABEL): string {
  return readSecretFile(file, label) ?? createSecretFile(file, label);
}

/** The secret kept in `file`, or undefined when there is none; refuses a file others can read. */
export function readSecretFile(file: string, label: SecretFileLabel = AUTH_SECRET_LABEL): string | undefined {
  const orSet = label.variable ? ` or set ${label.variable}` : '';
  let descriptor: number;
  try {
    // O_NOFOLLOW: the secret is this file, never whatever a symbolic link put in its place points to.
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw new ConfigError([`${label.name}: ${file} is not a regular file`]);
    if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
      const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
      throw new ConfigError([
        `${label.name}: ${file} is open to other users (mode ${mode}); run \`chmod 600 ${file}\`${orSet}`,
      ]);
    }
    const secret = readFileSync(descriptor, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError([
        `${label.name}: ${file} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it to have a new secret ` +
          `generated${label.variable === 'AUTH_SECRET' ? ' (this logs everybody out)' : ''}${orSet}`,
      ]);
    }
    return secret;
  } finally {
    closeSync(descriptor);
  }
}

function createSecretFile(file: string, label: SecretFileLabel): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = newSecret();
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const descriptor = openSync(temporary, 'wx', 0o600);
  try {
    try {
      writeSync(descriptor, `${secret}\n`);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  // Another server created it first: use theirs.
  const theirs = readSecretFile(file, label);
  if (theirs === undefined) throw new Error(`${file} vanished while being created`);
  return theirs;
}
