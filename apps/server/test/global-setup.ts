import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { repositoryRoot } from '../src/paths.ts';
import { adminQuery, TEMPLATE_DATABASE, withDatabase } from './database-url.ts';

let embedded: EmbeddedPostgres | undefined;

/**
 * Migrates one template database per run; every test file then clones it (CREATE DATABASE ...
 * TEMPLATE), which takes milliseconds, instead of re-running migrations. TEST_DATABASE_URL points
 * the run at a PostgreSQL server (CI's PostgreSQL 15); otherwise an embedded one is started.
 */
export async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startTestPostgres();
    adminUrl = embedded.url;
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  try {
    await runMigrations(template.pool);
  } finally {
    await template.close();
  }
  project.provide('adminDatabaseUrl', adminUrl);
}

export async function teardown() {
  await embedded?.stop();
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
}

let scratchDir: string | undefined;

/** `.data/test` is reused between runs; a second run at the same time gets a scratch cluster. */
async function startTestPostgres(): Promise<EmbeddedPostgres> {
  const logger = pino({ level: 'warn' });
  try {
    return await startEmbeddedPostgres({
      dataDir: path.join(repositoryRoot, '.data', 'test'),
      logger,
      database: 'postgres',
    });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('is already using'))) throw error;
    scratchDir = mkdtempSync(path.join(tmpdir(), 'hora-test-pg-'));
    return startEmbeddedPostgres({ dataDir: scratchDir, logger, database: 'postgres' });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
