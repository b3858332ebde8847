import type { PayoutProviderView } from '@hora/core/payouts';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CspSources } from '../../http/content-security.ts';
import type { ChargesPort } from './charges-port.ts';
import type { PayoutsPort } from './payouts-port.ts';
import { createSandboxCharges, type SandboxCharges } from './sandbox/sandbox-charges.ts';
import { createSandboxPayouts, type SandboxPayouts } from './sandbox/sandbox-payouts.ts';
import { createStripeCharges } from './stripe/stripe-charges.ts';
import { createStripePayouts } from './stripe/stripe-payouts.ts';

export type * from './charges-port.ts';
export type * from './payouts-port.ts';
export { PaymentProviderError, type PaymentProviderErrorKind } from './provider-error.ts';
export type { SandboxCharges, SandboxEventListener } from './sandbox/sandbox-charges.ts';
export {
  SANDBOX_LINK_TTL_MS,
  SANDBOX_ONBOARDING_PATH,
  type SandboxLinkView,
  type SandboxPayouts,
} from './sandbox/sandbox-payouts.ts';

/**
 * The payments port: one provider for everything money: payouts to hosts, and the charges of
 * bookings (payment intents, customers with their saved card, refunds, transfers, webhook events).
 * The sandbox is the default; Stripe when its keys are set.
 */
export type Payments =
  | {
      kind: 'sandbox';
      payouts: SandboxPayouts;
      charges: SandboxCharges;
      browser: PayoutProviderView;
      contentSecurity: CspSources;
    }
  | {
      kind: 'stripe';
      payouts: PayoutsPort;
      charges: ChargesPort;
      browser: PayoutProviderView;
      contentSecurity: CspSources;
    };

/**
 * Stripe.js (bank tokens, the card element) loads from js.stripe.com, talks to api.stripe.com and
 * opens its frames from js.stripe.com and its subdomains (the card element's fields and its
 * controller frame) and hooks.stripe.com (3-D Secure, hosted steps): Stripe's security guide.
 */
export const STRIPE_CONTENT_SECURITY: CspSources = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

export function createPayments(
  config: Pick<AppConfig, 'payments' | 'publicUrl'>,
  deps: { db: Database; clock: Clock; log?: { error(details: object, message: string): void } },
): Payments {
  const { payments } = config;
  if (payments.kind === 'stripe') {
    return {
      kind: 'stripe',
      payouts: createStripePayouts({ secretKey: payments.secretKey, apiBase: payments.apiBase }),
      charges: createStripeCharges({
        secretKey: payments.secretKey,
        apiBase: payments.apiBase,
        webhookSecret: payments.webhookSecret,
      }),
      browser: { kind: 'stripe', publishableKey: payments.publishableKey },
      contentSecurity: STRIPE_CONTENT_SECURITY,
    };
  }
  return {
    kind: 'sandbox',
    payouts: createSandboxPayouts({ db: deps.db, clock: deps.clock, publicUrl: config.publicUrl }),
    charges: createSandboxCharges(deps),
    browser: { kind: 'sandbox' },
    contentSecurity: {},
  };
}

/**
 * What to tell the operator at start about payments: in production on the sandbox (no Stripe keys),
 * that no card is charged and no host is paid. `npm start` serves the sandbox by default, and a
 * server others can reach must not look like a marketplace taking money when it is not.
 */
export function paymentsStartWarning(config: Pick<AppConfig, 'env' | 'payments'>): string | null {
  if (config.env !== 'production' || config.payments.kind !== 'sandbox') return null;
  return (
    'payments are the sandbox: no card is charged and no host is paid; set STRIPE_SECRET_KEY, ' +
    'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments'
  );
}
