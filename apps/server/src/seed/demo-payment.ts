import { MARKETPLACE } from '@hora/core/config';
import { and, eq } from 'drizzle-orm';
import { createPayments } from '../adapters/payments/index.ts';
import { payoutAccounts, users } from '../db/schema/index.ts';
import type { SeedContext } from './index.ts';

/** The sandbox's card that always succeeds (Stripe's 4242 4242 4242 4242). */
const SUCCEEDING_CARD = '4242424242424242';

export interface DemoPayment {
  intentId: string;
  status: string;
  /** The host's sandbox account, which the capture pays. */
  destination: string;
}

/**
 * The card payment of a demo request that waits for its host: a sandbox payment intent for the
 * booking's price, routed to the host's sandbox payout account and confirmed with the succeeding
 * test card, as checkout and the browser leave it (`requires_capture`). The host's accept then
 * captures it and a decline releases it, through the engine's own jobs. None with Stripe (the demo
 * never charges a real provider) or for a host without a sandbox payout account (nobody could book
 * their space).
 */
export async function authoriseDemoPayment(
  { db, clock, config }: SeedContext,
  input: {
    transactionId: string;
    customerId: string;
    providerId: string;
    payinTotal: number;
    payoutTotal: number;
  },
): Promise<DemoPayment | undefined> {
  if (config.payments.kind !== 'sandbox') return undefined;
  const [account] = await db
    .select({ id: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, input.providerId), eq(payoutAccounts.provider, 'sandbox')));
  const [customer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, input.customerId));
  if (!account || !customer) return undefined;
  const payments = createPayments(config, { db, clock });
  if (payments.kind !== 'sandbox') return undefined;
  const { charges } = payments;
  const money = (amount: number) => ({ amount, currency: MARKETPLACE.currency });
  const intent = await charges.createPaymentIntent({
    idempotencyKey: `${input.transactionId}:request-payment`,
    amount: money(input.payinTotal),
    applicationFee: money(input.payinTotal - input.payoutTotal),
    transferDestination: account.id,
    customerId: null,
    paymentMethodId: null,
    saveCard: false,
    metadata: { transactionId: input.transactionId },
  });
  const today = clock.now();
  const card = await charges.createPaymentMethod({
    card: { number: SUCCEEDING_CARD, expMonth: 12, expYear: today.getUTCFullYear() + 3, cvc: '123' },
    billingDetails: {
      name: `${customer.firstName} ${customer.lastName}`,
      postalCode: '28013',
      country: 'ES',
    },
  });
  const confirmed = await charges.confirmPaymentIntent({
    clientSecret: intent.clientSecret,
    paymentMethodId: card.id,
  });
  return { intentId: confirmed.id, status: confirmed.status, destination: account.id };
}
