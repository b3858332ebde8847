import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';

export function testConfig(environment: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://hora.test',
    LOG_LEVEL: 'silent',
    ...environment,
  });
}

/** The API without the web pages, closed after the file's tests. */
export async function buildTestApp(
  db: Database,
  environment: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(environment), { db });
  afterAll(() => app.close());
  return app;
}
