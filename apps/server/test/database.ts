import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { connectDatabase, type DatabaseConnection } from '../src/db/client.ts';
import { adminQuery, TEMPLATE_DATABASE, withDatabase } from './database-url.ts';

export interface TestDatabase extends DatabaseConnection {
  url: string;
  name: string;
}

/**
 * A fresh, migrated database for the calling test file, cloned from the run's template and dropped
 * when the file's tests end.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase(TEMPLATE_DATABASE);
}

/** A database without a single migration applied, dropped when the file's tests end. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return createDatabase('template0');
}

async function createDatabase(template: string): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `hora_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl, name);
  const connection = connectDatabase(url, { max: 4 });
  afterAll(async () => {
    await connection.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return { ...connection, url, name };
}
