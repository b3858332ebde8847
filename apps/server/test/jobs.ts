import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll } from 'vitest';
import type { Database } from '../src/db/client.ts';
import type { JobDefinition, JobRunner } from '../src/jobs/index.ts';
import { startJobRunner } from '../src/jobs/index.ts';

/** Log lines a runner wrote, by level, for tests that check what an operator would read. */
export function recordingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string; fields: Record<string, unknown> }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (fields: unknown, message?: string) => {
    lines.push({ level, message: message ?? '', fields: (fields ?? {}) as Record<string, unknown> });
  };
  return { logger: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

/**
 * A runner polling every half second (pg-boss's minimum), stopped after the file's tests unless the
 * test stops it itself.
 */
export async function startTestRunner(
  pool: pg.Pool,
  jobs: readonly JobDefinition[],
  options: { work?: boolean; logger?: ReturnType<typeof recordingLogger>['logger'] } = {},
): Promise<JobRunner> {
  const runner = await startJobRunner({
    pool,
    jobs,
    logger: options.logger ?? recordingLogger().logger,
    work: options.work ?? true,
    pollingIntervalSeconds: 0.5,
  });
  afterAll(() => runner.stop({ timeoutMs: 1_000 }));
  return runner;
}

export interface StoredJob {
  id: string;
  state: string;
  data: Record<string, unknown>;
  retryCount: number;
  output: Record<string, unknown> | null;
  singletonKey: string | null;
}

/** The jobs pg-boss holds for one queue, oldest first. */
export async function storedJobs(db: Database, queue: string): Promise<StoredJob[]> {
  const result = await db.execute(sql`
    select id, state::text, data, retry_count as "retryCount", output, singleton_key as "singletonKey"
    from pgboss.job where name = ${queue} order by created_on, id`);
  return result.rows as unknown as StoredJob[];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
