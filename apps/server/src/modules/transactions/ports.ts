import type { PayoutReadiness } from '../listings/ports.ts';

/**
 * The customer's saved card, as the payment-methods module keeps it (the payments branch's
 * `apps/server/src/modules/payment-methods/saved-cards.ts` implements the same interface; `buildApp`
 * hands it in).
 */
export interface SavedCards {
  /** The provider's customer of this person (`cus_…`), created the first time. */
  ensureCustomer(userId: string): Promise<string>;
  /** The person's default card, or null when they have none. */
  defaultCardOf(userId: string): Promise<{ customerId: string; paymentMethodId: string } | null>;
}

/** Where a host's money goes: their connected account (`acct_…`), or null without one. */
export interface PayoutDestinations {
  accountIdOf(userId: string): Promise<string | null>;
}

export type { PayoutReadiness };
