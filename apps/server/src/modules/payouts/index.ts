import type { Payments } from '../../adapters/payments/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { SessionFactSource } from '../account/session-facts.ts';
import { payoutAccountRepository } from './repository.ts';

export { createPayoutReadiness, type PayoutReadiness } from './readiness.ts';
export { payoutRoutes } from './routes.ts';
export { sandboxOnboardingRoutes } from './sandbox-routes.ts';
export { type PayoutsService, payoutAccountView, payoutsService } from './service.ts';

/** The session's `stripeConnected` (spec part 1 §3): the person has a payout account with the provider in use. */
export function payoutSessionFacts(db: Executor, provider: Payments['kind']): SessionFactSource {
  const accounts = payoutAccountRepository(db);
  return async (userId) => ({ stripeConnected: await accounts.exists(userId, provider) });
}
