import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { Captcha } from '../src/adapters/captcha/index.ts';
import { type AppDependencies, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { resolveSecrets } from '../src/secrets.ts';

/** New at each run: no test may pass because it knows the signing secret in advance. */
const TEST_AUTH_SECRET = randomBytes(32).toString('base64url');

export function testConfig(environment: Record<string, string> = {}): AppConfig {
  return resolveSecrets(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://hora.test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...environment,
    }),
  );
}

/** A captcha that accepts the token `solved` and nothing else. */
export const fakeCaptcha: Captcha = {
  verifier: { kind: 'altcha', verify: async (token) => token === 'solved' },
  createChallenge: () => undefined,
  publicConfig: { kind: 'altcha' },
  contentSecurity: {},
};

/**
 * The API without the web pages, closed after the file's tests. Uploads go to a temporary folder
 * unless DATA_DIR is given.
 */
export async function buildTestApp(
  db: Database,
  environment: Record<string, string> = {},
  deps: Omit<AppDependencies, 'db'> = {},
): Promise<FastifyInstance> {
  const dataDir = environment.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hora-test-'));
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ...environment }), { db, ...deps });
  afterAll(async () => {
    await app.close();
    if (!environment.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}
