import { createEmailTransport } from './adapters/email/index.ts';
import { createPayments, paymentsStartWarning } from './adapters/payments/index.ts';
import { createSmsSender } from './adapters/sms/index.ts';
import { buildApp } from './app.ts';
import { type Clock, systemClock, TestClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { appJobs, type JobRunner, startJobRunner } from './jobs/index.ts';
import { devMailboxLink } from './modules/email/index.ts';
import { reviewRemindersJob, transactionNotificationsJob } from './modules/notifications/index.ts';
import { transactionNotificationFacts } from './modules/transactions/index.ts';
import { createLogger, openRuntime } from './runtime.ts';
import { seedDemoData } from './seed/index.ts';
import type { WebOptions } from './web/ssr.ts';

/** Running jobs get this long to finish at shutdown, inside the 10 s the whole shutdown may take. */
const JOBS_SHUTDOWN_TIMEOUT_MS = 8_000;

/**
 * Runs the app in this process: database (embedded unless DATABASE_URL), migrations, background
 * jobs, demo data and HTTP; with `http: false` (`npm run worker`, `main.js --no-http`) only the
 * jobs. SIGINT/SIGTERM drain requests and running jobs, close the pool and stop the embedded
 * PostgreSQL, so no `postgres` process outlives the app.
 */
export async function serve(
  config: AppConfig,
  web: { options: () => Promise<WebOptions>; close?: () => Promise<void> },
  { http = true }: { http?: boolean } = {},
): Promise<void> {
  const logger = createLogger(config);
  const runtime = await openRuntime(config, logger);
  // One clock for the process: its HTTP side and its jobs read the same time, moved or not.
  const clock: Clock = config.testClock ? new TestClock(systemClock) : systemClock;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobRunner | undefined;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    await Promise.all([
      app?.close().catch((error) => logger.error({ err: error }, 'closing HTTP failed')),
      jobs
        ?.stop({ timeoutMs: JOBS_SHUTDOWN_TIMEOUT_MS })
        .catch((error) => logger.error({ err: error }, 'stopping the background jobs failed')),
    ]);
    await web.close?.().catch((error) => logger.error({ err: error }, 'closing the web dev server failed'));
    await runtime.close();
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'shutting down: draining requests and jobs, then stopping the database');
      void stop(0);
    });
  }

  try {
    const work = !http || config.jobs.workers;
    const db = runtime.database.db;
    // One payments provider for the process: the booking engine's jobs capture, release and refund
    // through the same one the HTTP side charges with (so the sandbox's events reach one receiver).
    const payments = createPayments(config, { db, clock, log: logger });
    const sandboxWarning = paymentsStartWarning(config);
    if (sandboxWarning) logger.warn({ payments: 'sandbox' }, sandboxWarning);
    const notificationDeps = {
      db,
      clock,
      facts: transactionNotificationFacts(db),
      sms: createSmsSender(config),
      publicUrl: config.publicUrl,
      marketplaceName: config.marketplace.name,
      logger,
    };
    jobs = await startJobRunner({
      pool: runtime.database.pool,
      jobs: appJobs({
        db,
        clock,
        emailTransport: createEmailTransport(config),
        emailFrom: config.email.from,
        logger,
        transactions: {
          charges: payments.charges,
          notifications: transactionNotificationsJob(notificationDeps),
          reviewReminders: reviewRemindersJob(notificationDeps),
        },
      }),
      logger,
      work,
    });
    logger.info({ workers: work }, work ? 'background jobs are running' : 'background jobs run elsewhere');
    if (http) {
      if (config.seedDemoData) await seedDemoData({ db: runtime.database.db, logger, config, clock });
      app = await buildApp(config, { db, web: await web.options(), clock, payments });
      await app.listen({ port: config.port, host: config.host });
      // On the console, not in the log: a link for the person who started the server to click.
      if (config.devMailbox) {
        process.stdout.write(
          `Development mailbox: ${devMailboxLink(config.publicUrl, config.devMailbox.key)}\n`,
        );
      }
      if (config.testClock) process.stdout.write(`Test clock: key ${config.testClock.key}\n`);
    }
    logger.info({ http }, 'ready');
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await stop(1);
  }
}
