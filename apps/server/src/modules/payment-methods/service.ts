import { randomUUID } from 'node:crypto';
import { dateKeyFromUtcMs } from '@hora/core/time';
import { isCardExpired, paymentMethodAction } from '@hora/core/user';
import type { CardView, ChargesPort } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withCharges } from './provider-errors.ts';
import { paymentCustomerRepository } from './repository.ts';
import { createSavedCards } from './saved-cards.ts';

export type SavedCardView = CardView & { expired: boolean };

/**
 * The payment methods page (spec part 1 §4, payment method): one saved card per person, on their
 * customer with the provider. Every call acts on the signed-in person's own customer only.
 */
export function paymentMethodsService(deps: { db: Database; clock: Clock; charges: ChargesPort }) {
  const { charges, clock } = deps;
  const customers = paymentCustomerRepository(deps.db);
  const savedCards = createSavedCards(deps);

  const view = (card: CardView): SavedCardView => ({
    ...card,
    expired: isCardExpired(
      { expirationMonth: card.expMonth, expirationYear: card.expYear },
      dateKeyFromUtcMs(clock.now().getTime()),
    ),
  });

  async function defaultCard(userId: string): Promise<{ customerId: string; card: CardView | null } | null> {
    const customerId = await customers.find(userId, charges.kind);
    if (!customerId) return null;
    return { customerId, card: await withCharges(() => charges.defaultCard(customerId)) };
  }

  return {
    savedCards,

    async card(userId: string): Promise<SavedCardView | null> {
      const found = await defaultCard(userId);
      return found?.card ? view(found.card) : null;
    },

    /** A setup intent on the person's customer (made on first need), for the browser to confirm a card. */
    async setupIntent(userId: string): Promise<{ clientSecret: string }> {
      const customerId = await withCharges(() => savedCards.ensureCustomer(userId));
      const intent = await withCharges(() =>
        charges.createSetupIntent({ idempotencyKey: `setup-intent-${randomUUID()}`, customerId }),
      );
      return { clientSecret: intent.clientSecret };
    },

    /**
     * Saves a confirmed card as the person's one card (core's `paymentMethodAction`): without a
     * customer, one is made first; with a card already saved, the new one becomes the default and
     * the old one is then removed (in this order, so a refused card leaves the old one in place).
     */
    async save(userId: string, paymentMethodId: string): Promise<SavedCardView> {
      const found = await defaultCard(userId);
      const action = paymentMethodAction({
        hasCustomer: found !== null,
        hasDefaultPaymentMethod: Boolean(found?.card),
      });
      const customerId =
        action === 'create-customer' || !found
          ? await withCharges(() => savedCards.ensureCustomer(userId))
          : found.customerId;
      const card = await withCharges(() => charges.attachDefaultCard(customerId, paymentMethodId));
      const previous = found?.card;
      if (action === 'replace' && previous && previous.id !== card.id) {
        await withCharges(() => charges.detachCard(previous.id));
      }
      return view(card);
    },

    /** Removes the saved card; nothing to do when there is none. */
    async remove(userId: string): Promise<void> {
      const found = await defaultCard(userId);
      const card = found?.card;
      if (card) await withCharges(() => charges.detachCard(card.id));
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof paymentMethodsService>;
