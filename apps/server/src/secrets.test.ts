import {
  chmodSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { AUTH_SECRET_FILE, readOrCreateAuthSecret, resolveSecrets } from './secrets.ts';

// linkSync is the moment of creation: wrapped (and otherwise real) so a test can let another server
// win the race.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return { ...fs, linkSync: vi.fn(fs.linkSync) };
});
const realLinkSync = (await vi.importActual<typeof import('node:fs')>('node:fs')).linkSync;
beforeEach(() => {
  vi.mocked(linkSync).mockClear();
});

const scratch = mkdtempSync(path.join(tmpdir(), 'hora-secrets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A data folder that does not exist yet, as on a fresh clone. */
function freshDataDir(): string {
  folders += 1;
  return path.join(scratch, `data-${folders}`, 'nested');
}

const start = (environment: Record<string, string> = {}) => resolveSecrets(loadConfig(environment));

describe('the auth secret without AUTH_SECRET', () => {
  it('is generated on first start and kept in the data folder, readable by its owner only', () => {
    const dataDir = freshDataDir();
    const config = start({ DATA_DIR: dataDir });
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(`${config.auth.secret}\n`);
    // 32 random bytes in base64url.
    expect(config.auth.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Written whole elsewhere, then linked into place: no temporary file stays behind.
    expect(readdirSync(dataDir)).toEqual([AUTH_SECRET_FILE]);
  });

  it('is the same on the next start, and different in another data folder', () => {
    const dataDir = freshDataDir();
    const first = start({ DATA_DIR: dataDir }).auth.secret;
    expect(start({ DATA_DIR: dataDir }).auth.secret).toBe(first);
    expect(start({ DATA_DIR: freshDataDir() }).auth.secret).not.toBe(first);
  });

  it('is never needed when AUTH_SECRET is set: nothing is written', () => {
    const dataDir = freshDataDir();
    const secret = 'a'.repeat(16) + 'B'.repeat(16);
    expect(start({ DATA_DIR: dataDir, AUTH_SECRET: secret }).auth.secret).toBe(secret);
    expect(() => statSync(dataDir)).toThrow(/ENOENT/);
  });

  it('is the one of the server that created it first, when two start at the same moment', () => {
    const dataDir = freshDataDir();
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    const theirs = 'T'.repeat(43);
    // The other server links its file into place between our look (none yet) and our link.
    vi.mocked(linkSync).mockImplementationOnce((from, to) => {
      writeFileSync(to, `${theirs}\n`, { mode: 0o600 });
      realLinkSync(from, to);
    });
    expect(start({ DATA_DIR: dataDir }).auth.secret).toBe(theirs);
    expect(readFileSync(file, 'utf8')).toBe(`${theirs}\n`);
    expect(readdirSync(dataDir)).toEqual([AUTH_SECRET_FILE]);
    expect(linkSync).toHaveBeenCalledTimes(1);
  });
});

describe('a secret file that cannot be trusted', () => {
  function dataDirWith(content: string, mode: number): string {
    const dataDir = freshDataDir();
    readOrCreateAuthSecret(dataDir);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    writeFileSync(file, content);
    chmodSync(file, mode);
    return dataDir;
  }

  it.each(['0644', '0640', '0604', '0660'])('is refused when other users may open it (mode %s)', (mode) => {
    const dataDir = dataDirWith('s'.repeat(43), Number.parseInt(mode, 8));
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(() => start({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => start({ DATA_DIR: dataDir })).toThrow(
      `AUTH_SECRET: ${file} is open to other users (mode ${mode}); run \`chmod 600 ${file}\``,
    );
  });

  it('is refused when it holds too short a secret', () => {
    const dataDir = dataDirWith('too-short\n', 0o600);
    expect(() => start({ DATA_DIR: dataDir })).toThrow(/holds fewer than 32 characters; delete it/);
  });

  it('is refused when it is a symbolic link', () => {
    const dataDir = freshDataDir();
    const elsewhere = path.join(scratch, `elsewhere-${folders}`);
    writeFileSync(elsewhere, 's'.repeat(43), { mode: 0o600 });
    readOrCreateAuthSecret(dataDir);
    rmSync(path.join(dataDir, AUTH_SECRET_FILE));
    symlinkSync(elsewhere, path.join(dataDir, AUTH_SECRET_FILE));
    expect(() => start({ DATA_DIR: dataDir })).toThrow(
      /AUTH_SECRET: not set, and .* cannot be read or created/,
    );
  });

  it('names the folder it could not write and the way out', () => {
    const notAFolder = path.join(scratch, 'a-file');
    writeFileSync(notAFolder, '');
    expect(() => start({ DATA_DIR: path.join(notAFolder, 'data') })).toThrow(
      /AUTH_SECRET: not set, and .*a-file\/data\/auth-secret cannot be read or created .*set AUTH_SECRET/,
    );
  });
});

describe('production', () => {
  it('still requires AUTH_SECRET and creates no secret file', () => {
    const dataDir = freshDataDir();
    expect(() => start({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /AUTH_SECRET: is required in production/,
    );
    // Even given a configuration that slipped past the environment check.
    const unchecked = { ...loadConfig({ DATA_DIR: dataDir }), env: 'production' as const };
    expect(() => resolveSecrets(unchecked)).toThrow(/AUTH_SECRET: is required in production/);
    expect(() => statSync(dataDir)).toThrow(/ENOENT/);
  });
});

describe('the test clock key', () => {
  it('exists only when TEST_CLOCK is on, is new at each start, and is not the mailbox’s', () => {
    const dataDir = freshDataDir();
    expect(start({ DATA_DIR: dataDir }).testClock).toBeUndefined();
    const first = start({ DATA_DIR: dataDir, TEST_CLOCK: 'true', DEV_MAILBOX: 'true' });
    const second = start({ DATA_DIR: dataDir, TEST_CLOCK: 'true' }).testClock?.key;
    expect(first.testClock?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first.testClock?.key);
    expect(first.devMailbox?.key).not.toBe(first.testClock?.key);
  });
});

describe('the development mailbox key', () => {
  it('exists only when DEV_MAILBOX is on, and is new at each start', () => {
    const dataDir = freshDataDir();
    expect(start({ DATA_DIR: dataDir }).devMailbox).toBeUndefined();
    const first = start({ DATA_DIR: dataDir, DEV_MAILBOX: 'true' }).devMailbox?.key;
    const second = start({ DATA_DIR: dataDir, DEV_MAILBOX: 'true' }).devMailbox?.key;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
  });
});
