import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedHistory } from '../db/schema/index.ts';
import { demoBookingsStep } from './demo-bookings-step.ts';
import { demoListingsStep } from './demo-listings-step.ts';
import { demoPayoutsStep } from './demo-payouts-step.ts';
import { demoUsersStep } from './demo-users.ts';

/**
 * One step of the demo marketplace. Steps create data through the application's own services, run
 * in order, and each runs once per database (recorded in `seed_history`), so a later release can
 * add steps to an existing database and data an operator deleted is never re-created.
 */
export interface SeedContext {
  db: Database;
  logger: Logger;
  config: AppConfig;
  clock: Clock;
}

export interface SeedStep {
  name: string;
  /**
   * Why the step cannot run with this configuration, if it cannot. A skipped step is not recorded:
   * it runs at the first seeding whose configuration allows it.
   */
  skip?(context: SeedContext): string | undefined;
  run(context: SeedContext): Promise<void>;
}

/** The demo marketplace, in order. Each feature adds its step when it lands. */
export const demoSteps: SeedStep[] = [demoUsersStep, demoListingsStep, demoPayoutsStep, demoBookingsStep];

export async function seedDemoData(context: SeedContext, steps: SeedStep[] = demoSteps): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const done = await context.db.select().from(seedHistory).where(eq(seedHistory.name, step.name));
    if (done.length > 0) continue;
    const reason = step.skip?.(context);
    if (reason) {
      context.logger.info({ step: step.name, reason }, 'demo data step skipped');
      continue;
    }
    await context.db.transaction(async (tx) => {
      await step.run({ ...context, db: tx as unknown as Database });
      await tx.insert(seedHistory).values({ name: step.name });
    });
    context.logger.info({ step: step.name }, 'demo data step applied');
    applied.push(step.name);
  }
  return applied;
}
