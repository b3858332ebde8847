/** What a handler learns about the job it runs. */
export interface RunningJob {
  id: string;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
}

/**
 * One kind of background job: its queue, how it is retried and what runs it.
 *
 * Handlers must be idempotent: a job can run more than once (a worker that dies or overruns
 * `expireInSeconds` before recording the outcome has its job run again, and a retry follows any
 * throw, even one after the effect). So a handler first checks, in the database, whether its effect
 * already happened, and claims the work in the same statement that checks (see the email outbox's
 * lease), so that a second run, at once or later, changes nothing. Payloads carry ids, never
 * personal data: they are logged and kept in the dead-letter queue.
 */
export interface JobDefinition<Data extends object = object> {
  /** The queue's name, e.g. `email.deliver`. */
  name: string;
  /** Runs one job; throwing fails it, and it is retried as `retry` says. */
  handle(data: Data, job: RunningJob): Promise<void>;
  /**
   * Runs after a throw: `limit` retries, the first `delaySeconds` later; with `backoff`, each wait
   * doubles (pg-boss adds up to as much again at random, so retries of many jobs spread out).
   */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /**
   * Default true: a job that fails its last retry is copied, payload and error, to the queue
   * `<name>.dead-letter`, where it stays for inspection (see docs/operations.md).
   */
  deadLetter?: boolean;
  /** A cron expression (UTC): pg-boss sends the job on it, once across all instances. */
  schedule?: string;
  /** A run taking longer counts as failed (and is retried). Default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs fetched per poll; each still has its own outcome. Default 1. */
  batchSize?: number;
  /** `short`: while a job with a `singletonKey` waits, another with that key is not queued. */
  policy?: 'standard' | 'short';
}

export function deadLetterQueue(name: string): string {
  return `${name}.dead-letter`;
}
