import PgBoss from 'pg-boss';
import type { SqlRunner } from './executor.ts';

/** pg-boss keeps its tables apart from the app's, in a schema of its own. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The queue pg-boss's cron sends scheduled jobs through (pg-boss 10's name). pg-boss creates it
 * whenever an instance starts; created here first, so that at start-up it already exists (see
 * `declareQueues` on why creating queues concurrently deadlocks).
 */
const CRON_QUEUE = '__pgboss__send-it';

/**
 * Creates pg-boss's schema, or brings it to the installed pg-boss version, through `runner`: the
 * migrations' locked connection, so the app's tables and pg-boss's are migrated together, by one
 * instance at a time. Instances start pg-boss with `migrate: false` and refuse to run on a schema
 * this has not prepared.
 */
export async function migrateJobSchema(runner: SqlRunner): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => runner.query(text, values) },
    schema: JOBS_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue(CRON_QUEUE);
  await boss.stop({ graceful: false, close: false });
}
