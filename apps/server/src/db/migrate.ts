import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../paths.ts';
import type { Database } from './client.ts';

/** Applies the committed SQL migrations; drizzle records them, so this is safe on every start. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir });
}
