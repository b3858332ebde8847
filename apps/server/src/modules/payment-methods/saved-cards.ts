import type { ChargesPort } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { paymentCustomerRepository } from './repository.ts';

/**
 * A person's saved card, for the transaction engine (issue 11 contract): the customer to charge,
 * made on first need, and the default card to pay with.
 */
export interface SavedCards {
  ensureCustomer(userId: string): Promise<string>;
  defaultCardOf(userId: string): Promise<{ customerId: string; paymentMethodId: string } | null>;
}

export function createSavedCards(deps: { db: Database; clock: Clock; charges: ChargesPort }): SavedCards {
  const { charges } = deps;
  const customers = paymentCustomerRepository(deps.db);

  return {
    async ensureCustomer(userId) {
      const existing = await customers.find(userId, charges.kind);
      if (existing) return existing;
      const email = await customers.emailOf(userId);
      if (email === undefined) throw new Error(`No user ${userId} to make a payment customer for`);
      // One key per person: two first payments at once make one customer with the provider.
      const created = await charges.createCustomer({ idempotencyKey: `customer-${userId}`, email, userId });
      await customers.insert({
        userId,
        provider: charges.kind,
        customerId: created.id,
        createdAt: deps.clock.now(),
      });
      return (await customers.find(userId, charges.kind)) ?? created.id;
    },

    async defaultCardOf(userId) {
      const customerId = await customers.find(userId, charges.kind);
      if (!customerId) return null;
      const card = await charges.defaultCard(customerId);
      return card ? { customerId, paymentMethodId: card.id } : null;
    },
  };
}
