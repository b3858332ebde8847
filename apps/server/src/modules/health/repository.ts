import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';

/** Whether the database answers a trivial query; throws what the driver threw when it does not. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
