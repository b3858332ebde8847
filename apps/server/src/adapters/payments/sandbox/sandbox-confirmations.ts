import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import type { CardView, PaymentIntent, SetupIntent } from '../charges-port.ts';
import { type SandboxBillingDetails, sandboxChargesRepository } from './charges-repository.ts';
import { sandboxId } from './ids.ts';
import type { SandboxCardRules } from './sandbox-card-rules.ts';
import type { SandboxChangeRunner } from './sandbox-changes.ts';
import { invalid, lastErrorOf, toPaymentIntent, toSetupIntent } from './sandbox-objects.ts';
import {
  acceptCard,
  authenticationFailure,
  type CardBehaviour,
  type CardInput,
  cardError,
} from './test-cards.ts';

/**
 * The browser's half of Stripe (what Stripe.js does with card fields and client secrets), run on
 * our own server: cards from their fields, confirmations of payment and setup intents, and the
 * authentication step of a card that asks for it.
 */
export function sandboxConfirmations(deps: {
  db: Database;
  clock: Clock;
  changes: SandboxChangeRunner;
  rules: SandboxCardRules;
}) {
  const { db, clock } = deps;
  const { change, event } = deps.changes;
  const {
    intentBySecret,
    setupIntentBySecret,
    usableCard,
    afterUse,
    unexpectedState,
    verdictOf,
    authorise,
    refuse,
    today,
  } = deps.rules;
  return {
    async createPaymentMethod({
      card,
      billingDetails,
    }: {
      card: CardInput;
      billingDetails: SandboxBillingDetails;
    }): Promise<CardView> {
      const accepted = acceptCard({ ...card, postalCode: billingDetails.postalCode ?? undefined }, today());
      const id = sandboxId('pm');
      await sandboxChargesRepository(db).insertPaymentMethod({
        id,
        brand: accepted.brand,
        last4: accepted.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        billingDetails,
        behaviour: accepted.behaviour,
        createdAt: clock.now(),
      });
      return {
        id,
        brand: accepted.brand,
        last4: accepted.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },

    async confirmPaymentIntent({
      clientSecret,
      paymentMethodId,
      saveCard,
    }: {
      clientSecret: string;
      paymentMethodId: string;
      saveCard?: boolean | undefined;
    }): Promise<PaymentIntent> {
      return change(async (charges, events) => {
        const intent = await intentBySecret(charges, clientSecret);
        const confirmable = ['requires_payment_method', 'requires_confirmation'];
        if (!confirmable.includes(intent.status)) {
          throw unexpectedState('PaymentIntent', intent.id, intent.status, 'confirmed', confirmable);
        }
        if (saveCard && !intent.customerId) {
          throw invalid('A customer is needed to keep the card for later (setup_future_usage).', {
            param: 'setup_future_usage',
          });
        }
        const card = await usableCard(charges, paymentMethodId, intent.customerId);
        const current = saveCard
          ? await charges.updatePaymentIntent(intent.id, { setupFutureUsage: 'off_session' })
          : intent;
        const verdict = verdictOf(card.behaviour as CardBehaviour);
        if (typeof verdict === 'object') return refuse(charges, events, current, card, verdict.failure);
        if (verdict === 'authenticate') {
          const waiting = await charges.updatePaymentIntent(intent.id, {
            status: 'requires_action',
            paymentMethodId: card.id,
            lastError: null,
            updatedAt: clock.now(),
          });
          events.push(event('payment_intent.requires_action', intent.id, intent.metadata));
          return toPaymentIntent(waiting);
        }
        return toPaymentIntent(await authorise(charges, events, current, card));
      });
    },

    async authenticatePaymentIntent(
      clientSecret: string,
      outcome: 'complete' | 'fail',
    ): Promise<PaymentIntent> {
      return change(async (charges, events) => {
        const intent = await intentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
          throw unexpectedState('PaymentIntent', intent.id, intent.status, 'authenticated', [
            'requires_action',
          ]);
        }
        const card = await usableCard(charges, intent.paymentMethodId, intent.customerId);
        if (outcome === 'fail')
          return refuse(charges, events, intent, card, authenticationFailure('payment_intent'));
        return toPaymentIntent(await authorise(charges, events, intent, card));
      });
    },

    async confirmSetupIntent({
      clientSecret,
      paymentMethodId,
    }: {
      clientSecret: string;
      paymentMethodId: string;
    }): Promise<SetupIntent> {
      return change(async (charges, events) => {
        const intent = await setupIntentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_payment_method') {
          throw unexpectedState('SetupIntent', intent.id, intent.status, 'confirmed', [
            'requires_payment_method',
          ]);
        }
        const card = await usableCard(charges, paymentMethodId, intent.customerId);
        const verdict = verdictOf(card.behaviour as CardBehaviour);
        if (typeof verdict === 'object') {
          await charges.updateSetupIntent(intent.id, {
            paymentMethodId: card.id,
            lastError: lastErrorOf(verdict.failure),
            updatedAt: clock.now(),
          });
          events.push(event('setup_intent.setup_failed', intent.id));
          throw cardError(verdict.failure);
        }
        const status = verdict === 'authenticate' ? 'requires_action' : 'succeeded';
        const updated = await charges.updateSetupIntent(intent.id, {
          status,
          paymentMethodId: card.id,
          lastError: null,
          updatedAt: clock.now(),
        });
        if (status === 'succeeded') {
          await afterUse(charges, events, card, intent.customerId);
          events.push(event('setup_intent.succeeded', intent.id));
        } else {
          events.push(event('setup_intent.requires_action', intent.id));
        }
        return toSetupIntent(updated);
      });
    },

    async authenticateSetupIntent(clientSecret: string, outcome: 'complete' | 'fail'): Promise<SetupIntent> {
      return change(async (charges, events) => {
        const intent = await setupIntentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
          throw unexpectedState('SetupIntent', intent.id, intent.status, 'authenticated', [
            'requires_action',
          ]);
        }
        const card = await usableCard(charges, intent.paymentMethodId, intent.customerId);
        if (outcome === 'fail') {
          const failure = authenticationFailure('setup_intent');
          await charges.updateSetupIntent(intent.id, {
            status: 'requires_payment_method',
            lastError: lastErrorOf(failure),
            updatedAt: clock.now(),
          });
          events.push(event('setup_intent.setup_failed', intent.id));
          throw cardError(failure);
        }
        const updated = await charges.updateSetupIntent(intent.id, {
          status: 'succeeded',
          updatedAt: clock.now(),
        });
        await afterUse(charges, events, card, intent.customerId);
        events.push(event('setup_intent.succeeded', intent.id));
        return toSetupIntent(updated);
      });
    },
  };
}
