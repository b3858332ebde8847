import type { Clock } from '../../../clock.ts';
import type { PaymentEvent } from '../charges-port.ts';
import type {
  SandboxChargesRepository,
  SandboxPaymentIntentRow,
  SandboxPaymentMethodRow,
} from './charges-repository.ts';
import { intentIdOfSecret, invalid, lastErrorOf, missing, sameSecret } from './sandbox-objects.ts';
import { type CardBehaviour, type CardFailure, cardError, confirmationFailure } from './test-cards.ts';

/**
 * Stripe's rules the sandbox's operations share: finding intents (by id or client secret) and
 * customers, which cards may be used, what a card's behaviour does to an intent, and Stripe's
 * wording of refusals.
 */
export function sandboxCardRules(deps: {
  clock: Clock;
  event: (type: string, objectId: string, metadata?: Record<string, string>) => PaymentEvent;
}) {
  const { clock, event } = deps;

  async function intentOrFail(charges: SandboxChargesRepository, id: string, lock = true) {
    const row = await charges.findPaymentIntent(id, { lock });
    if (!row) throw missing('payment_intent', id, 'intent');
    return row;
  }

  async function intentBySecret(charges: SandboxChargesRepository, clientSecret: string) {
    const id = intentIdOfSecret(clientSecret, 'pi');
    const row = id ? await charges.findPaymentIntent(id, { lock: true }) : undefined;
    if (!row || !sameSecret(row.clientSecret, clientSecret)) {
      throw invalid('No such payment_intent (the client secret does not match).', {
        code: 'resource_missing',
        param: 'client_secret',
      });
    }
    return row;
  }

  async function setupIntentBySecret(charges: SandboxChargesRepository, clientSecret: string) {
    const id = intentIdOfSecret(clientSecret, 'seti');
    const row = id ? await charges.findSetupIntent(id, { lock: true }) : undefined;
    if (!row || !sameSecret(row.clientSecret, clientSecret)) {
      throw invalid('No such setup_intent (the client secret does not match).', {
        code: 'resource_missing',
        param: 'client_secret',
      });
    }
    return row;
  }

  async function customerOrFail(charges: SandboxChargesRepository, id: string, lock = false) {
    const row = await charges.findCustomer(id, { lock });
    if (!row) throw missing('customer', id, 'customer');
    return row;
  }

  /**
   * A card this customer (or, without one, anybody) may use now: Stripe refuses a card of another
   * customer, and a card already used once without a customer or detached from one.
   */
  async function usableCard(
    charges: SandboxChargesRepository,
    paymentMethodId: string,
    customerId: string | null,
  ): Promise<SandboxPaymentMethodRow> {
    const card = await charges.findPaymentMethod(paymentMethodId, { lock: true });
    if (!card) throw missing('payment_method', paymentMethodId, 'payment_method');
    if (card.customerId !== null && card.customerId !== customerId) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethodId} belongs to another customer and cannot be used here.`,
        { code: 'payment_method_unexpected_state', param: 'payment_method' },
      );
    }
    if (card.customerId === null && card.consumedAt !== null) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethodId} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        { code: 'payment_method_unexpected_state', param: 'payment_method' },
      );
    }
    return card;
  }

  /** After a card succeeded: kept on the customer when asked to, else used up when it had none. */
  async function afterUse(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    card: SandboxPaymentMethodRow,
    keepOn: string | null,
  ) {
    if (card.customerId !== null) return;
    if (keepOn) {
      await charges.updatePaymentMethod(card.id, { customerId: keepOn });
      events.push(event('payment_method.attached', card.id));
    } else {
      await charges.updatePaymentMethod(card.id, { consumedAt: clock.now() });
    }
  }

  function unexpectedState(
    kind: 'PaymentIntent' | 'SetupIntent',
    id: string,
    status: string,
    action: string,
    allowed: string[],
  ) {
    return invalid(
      `This ${kind} (${id}) could not be ${action} because it has a status of ${status}. Only a ${kind} with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
      {
        code: kind === 'PaymentIntent' ? 'payment_intent_unexpected_state' : 'setup_intent_unexpected_state',
      },
    );
  }

  /** The outcome of a card's behaviour on an intent: failure, authentication, or success. */
  function verdictOf(behaviour: CardBehaviour): { failure: CardFailure } | 'authenticate' | 'succeed' {
    const failure = confirmationFailure(behaviour);
    if (failure) return { failure };
    return behaviour === 'authenticate' ? 'authenticate' : 'succeed';
  }

  async function authorise(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    intent: SandboxPaymentIntentRow,
    card: SandboxPaymentMethodRow,
  ): Promise<SandboxPaymentIntentRow> {
    const updated = await charges.updatePaymentIntent(intent.id, {
      status: 'requires_capture',
      paymentMethodId: card.id,
      amountCapturable: intent.amount,
      lastError: null,
      updatedAt: clock.now(),
    });
    await afterUse(charges, events, card, intent.setupFutureUsage ? intent.customerId : null);
    events.push(event('payment_intent.amount_capturable_updated', intent.id, intent.metadata));
    return updated;
  }

  async function refuse(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    intent: SandboxPaymentIntentRow,
    card: SandboxPaymentMethodRow | null,
    failure: CardFailure,
  ): Promise<never> {
    await charges.updatePaymentIntent(intent.id, {
      status: 'requires_payment_method',
      paymentMethodId: card?.id ?? intent.paymentMethodId,
      lastError: lastErrorOf(failure),
      updatedAt: clock.now(),
    });
    events.push(event('payment_intent.payment_failed', intent.id, intent.metadata));
    throw cardError(failure);
  }

  function today() {
    const now = clock.now();
    return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  }

  return {
    intentOrFail,
    intentBySecret,
    setupIntentBySecret,
    customerOrFail,
    usableCard,
    afterUse,
    unexpectedState,
    verdictOf,
    authorise,
    refuse,
    today,
  };
}

export type SandboxCardRules = ReturnType<typeof sandboxCardRules>;
