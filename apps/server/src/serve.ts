import { deleteExpiredRedemptions } from './adapters/captcha/index.ts';
import { createEmailTransport } from './adapters/email/index.ts';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { devMailboxLink, type EmailDispatcher, startEmailDispatcher } from './modules/email/index.ts';
import { createLogger, openRuntime } from './runtime.ts';
import { seedDemoData } from './seed/index.ts';
import type { WebOptions } from './web/ssr.ts';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the whole app in this process: database (embedded unless DATABASE_URL), migrations, demo
 * data, HTTP. SIGINT/SIGTERM drain requests, close the pool and stop the embedded PostgreSQL, so
 * no `postgres` process outlives the app.
 */
export async function serve(
  config: AppConfig,
  web: { options: () => Promise<WebOptions>; close?: () => Promise<void> },
): Promise<void> {
  const logger = createLogger(config);
  const runtime = await openRuntime(config, logger);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let dispatcher: EmailDispatcher | undefined;
  let housekeeping: NodeJS.Timeout | undefined;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    clearInterval(housekeeping);
    await app?.close().catch((error) => logger.error({ err: error }, 'closing HTTP failed'));
    await dispatcher
      ?.stop()
      .catch((error) => logger.error({ err: error }, 'stopping the email dispatcher failed'));
    await web.close?.().catch((error) => logger.error({ err: error }, 'closing the web dev server failed'));
    await runtime.close();
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'shutting down: draining requests, then stopping the database');
      void stop(0);
    });
  }

  try {
    if (config.seedDemoData) await seedDemoData({ db: runtime.database.db, logger, config });
    app = await buildApp(config, { db: runtime.database.db, web: await web.options() });
    await app.listen({ port: config.port, host: config.host });
    // On the console, not in the log: a link for the person who started the server to click.
    if (config.devMailbox) {
      process.stdout.write(
        `Development mailbox: ${devMailboxLink(config.publicUrl, config.devMailbox.key)}\n`,
      );
    }
    housekeeping = setInterval(() => {
      deleteExpiredRedemptions(runtime.database.db, new Date()).catch((error) =>
        logger.error({ err: error }, 'deleting expired captcha redemptions failed'),
      );
    }, HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
    dispatcher = startEmailDispatcher({
      db: runtime.database.db,
      transport: createEmailTransport(config),
      from: config.email.from,
      logger,
    });
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await stop(1);
  }
}
