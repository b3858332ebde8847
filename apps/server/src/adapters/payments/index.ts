import type { PayoutProviderView } from '@hora/core/payouts';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CspSources } from '../../http/content-security.ts';
import type { PayoutsPort } from './payouts-port.ts';
import { createSandboxPayouts, type SandboxPayouts } from './sandbox/sandbox-payouts.ts';
import { createStripePayouts } from './stripe/stripe-payouts.ts';

export type * from './payouts-port.ts';
export { PaymentProviderError, type PaymentProviderErrorKind } from './provider-error.ts';
export {
  SANDBOX_LINK_TTL_MS,
  SANDBOX_ONBOARDING_PATH,
  type SandboxLinkView,
  type SandboxPayouts,
} from './sandbox/sandbox-payouts.ts';

/**
 * The payments port: one provider for everything money (payouts to hosts now; payment intents,
 * customers and refunds join it later). The sandbox is the default; Stripe when its keys are set.
 */
export type Payments =
  | { kind: 'sandbox'; payouts: SandboxPayouts; browser: PayoutProviderView; contentSecurity: CspSources }
  | { kind: 'stripe'; payouts: PayoutsPort; browser: PayoutProviderView; contentSecurity: CspSources };

/**
 * Stripe.js (bank tokens now, card fields later) loads from js.stripe.com, talks to api.stripe.com
 * and opens its frames from js.stripe.com and hooks.stripe.com (3-D Secure, hosted steps).
 */
export const STRIPE_CONTENT_SECURITY: CspSources = {
  scripts: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frames: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

export function createPayments(
  config: Pick<AppConfig, 'payments' | 'publicUrl'>,
  deps: { db: Database; clock: Clock },
): Payments {
  const { payments } = config;
  if (payments.kind === 'stripe') {
    return {
      kind: 'stripe',
      payouts: createStripePayouts({ secretKey: payments.secretKey, apiBase: payments.apiBase }),
      browser: { kind: 'stripe', publishableKey: payments.publishableKey },
      contentSecurity: STRIPE_CONTENT_SECURITY,
    };
  }
  return {
    kind: 'sandbox',
    payouts: createSandboxPayouts({ ...deps, publicUrl: config.publicUrl }),
    browser: { kind: 'sandbox' },
    contentSecurity: {},
  };
}
