import { readFileSync, writeFileSync } from 'node:fs';
import type { Money } from '@hora/core/money';
import type {
  CardView,
  ChargesPort,
  PaymentEvent,
  PaymentIntent,
  Refund,
  SetupIntent,
  Transfer,
} from '../src/adapters/payments/charges-port.ts';
import { PaymentProviderError } from '../src/adapters/payments/provider-error.ts';

interface State {
  intents: Record<string, PaymentIntent>;
  refunds: Record<string, Refund & { paymentIntentId: string }>;
  transfers: Record<string, Transfer>;
  /** What each idempotency key answered first. */
  keys: Record<string, { kind: string; id: string }>;
  calls: { method: string; key: string | null; id: string | null }[];
  counter: number;
}

/**
 * A payments provider for the engine's tests: Stripe's payment-intent states and idempotency keys
 * (a key answers its first result again), in memory, or in a JSON file when `file` is given so a
 * killed and restarted server process finds what it did before (the fault test).
 */
export class FakeCharges implements ChargesPort {
  readonly kind = 'sandbox' as const;
  private state: State;
  /** Card failure of the next intent created with a saved card (Stripe's codes). */
  declineNext: string | null = null;

  constructor(private readonly file?: string) {
    this.state = file ? FakeCharges.load(file) : FakeCharges.empty();
  }

  static empty(): State {
    return { intents: {}, refunds: {}, transfers: {}, keys: {}, calls: [], counter: 0 };
  }

  private static load(file: string): State {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch {
      return FakeCharges.empty();
    }
  }

  /** Another process may have written the file: read it afresh. */
  reload(): void {
    if (this.file) this.state = FakeCharges.load(this.file);
  }

  private save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.state));
  }

  private nextId(prefix: string): string {
    this.state.counter += 1;
    return `${prefix}_${String(this.state.counter).padStart(6, '0')}`;
  }

  private remembered<T>(key: string, kind: string, lookup: (id: string) => T): T | null {
    const seen = this.state.keys[key];
    if (!seen) return null;
    if (seen.kind !== kind)
      throw new PaymentProviderError('idempotency', `Key ${key} was used for ${seen.kind}`);
    return lookup(seen.id);
  }

  get intents(): PaymentIntent[] {
    return Object.values(this.state.intents);
  }
  get refunds(): Refund[] {
    return Object.values(this.state.refunds);
  }
  get transfers(): Transfer[] {
    return Object.values(this.state.transfers);
  }
  get calls(): State['calls'] {
    return this.state.calls;
  }

  /** What the customer's browser does with the intent's card (a new one, or the saved one): authorised. */
  authorize(intentId: string): PaymentIntent {
    const intent = this.intent(intentId);
    intent.status = 'requires_capture';
    intent.amountCapturable = intent.amount.amount;
    intent.paymentMethodId ??= 'pm_card_visa';
    this.save();
    return { ...intent };
  }

  private intent(id: string): PaymentIntent {
    const intent = this.state.intents[id];
    if (!intent)
      throw new PaymentProviderError('invalid_request', `No such payment_intent: ${id}`, {
        code: 'resource_missing',
      });
    return intent;
  }

  async createCustomer(input: { idempotencyKey: string }) {
    return { id: `cus_${input.idempotencyKey.slice(0, 8)}` };
  }

  async createPaymentIntent(
    input: Parameters<ChargesPort['createPaymentIntent']>[0],
  ): Promise<PaymentIntent> {
    this.state.calls.push({ method: 'createPaymentIntent', key: input.idempotencyKey, id: null });
    const earlier = this.remembered(input.idempotencyKey, 'payment_intent', (id) => ({ ...this.intent(id) }));
    if (earlier) {
      this.save();
      return earlier;
    }
    if (input.paymentMethodId && this.declineNext) {
      const code = this.declineNext;
      this.declineNext = null;
      this.save();
      throw new PaymentProviderError('card', 'Your card was declined.', { code });
    }
    const id = this.nextId('pi');
    // As both adapters: a saved card is set on the intent, not confirmed; the browser confirms it.
    const intent: PaymentIntent = {
      id,
      status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
      amount: input.amount,
      amountCapturable: 0,
      amountReceived: 0,
      clientSecret: `${id}_secret_${input.idempotencyKey.length}`,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      metadata: { ...input.metadata },
      lastError: null,
    };
    this.state.intents[id] = intent;
    this.state.keys[input.idempotencyKey] = { kind: 'payment_intent', id };
    this.save();
    return { ...intent };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    return { ...this.intent(id) };
  }

  async capturePaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntent> {
    this.state.calls.push({ method: 'capturePaymentIntent', key: input.idempotencyKey, id });
    const earlier = this.remembered(input.idempotencyKey, 'capture', (pi) => ({ ...this.intent(pi) }));
    if (earlier) return earlier;
    const intent = this.intent(id);
    if (intent.status !== 'requires_capture') {
      throw new PaymentProviderError(
        'invalid_request',
        `This PaymentIntent could not be captured (${intent.status})`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    intent.status = 'succeeded';
    intent.amountReceived = intent.amountCapturable;
    intent.amountCapturable = 0;
    this.state.keys[input.idempotencyKey] = { kind: 'capture', id };
    this.save();
    return { ...intent };
  }

  async cancelPaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntent> {
    this.state.calls.push({ method: 'cancelPaymentIntent', key: input.idempotencyKey, id });
    const earlier = this.remembered(input.idempotencyKey, 'cancel', (pi) => ({ ...this.intent(pi) }));
    if (earlier) return earlier;
    const intent = this.intent(id);
    if (intent.status === 'succeeded') {
      throw new PaymentProviderError('invalid_request', 'A succeeded PaymentIntent cannot be canceled', {
        code: 'payment_intent_unexpected_state',
      });
    }
    intent.status = 'canceled';
    intent.amountCapturable = 0;
    this.state.keys[input.idempotencyKey] = { kind: 'cancel', id };
    this.save();
    return { ...intent };
  }

  async refundPaymentIntent(id: string, input: { idempotencyKey: string; amount?: Money }): Promise<Refund> {
    this.state.calls.push({ method: 'refundPaymentIntent', key: input.idempotencyKey, id });
    const earlier = this.remembered(input.idempotencyKey, 'refund', (re) => this.state.refunds[re] as Refund);
    if (earlier) return earlier;
    const intent = this.intent(id);
    if (intent.status !== 'succeeded') {
      throw new PaymentProviderError('invalid_request', 'Nothing captured to refund', {
        code: 'charge_not_captured',
      });
    }
    const refund = {
      id: this.nextId('re'),
      amount: input.amount ?? { amount: intent.amountReceived, currency: intent.amount.currency },
      status: 'succeeded' as const,
      paymentIntentId: id,
    };
    this.state.refunds[refund.id] = refund;
    this.state.keys[input.idempotencyKey] = { kind: 'refund', id: refund.id };
    this.save();
    return refund;
  }

  async createTransfer(input: Parameters<ChargesPort['createTransfer']>[0]): Promise<Transfer> {
    this.state.calls.push({ method: 'createTransfer', key: input.idempotencyKey, id: null });
    const earlier = this.remembered(
      input.idempotencyKey,
      'transfer',
      (tr) => this.state.transfers[tr] as Transfer,
    );
    if (earlier) return earlier;
    const transfer = { id: this.nextId('tr'), amount: input.amount, destination: input.destination };
    this.state.transfers[transfer.id] = transfer;
    this.state.keys[input.idempotencyKey] = { kind: 'transfer', id: transfer.id };
    this.save();
    return transfer;
  }

  async createSetupIntent(): Promise<SetupIntent> {
    throw new Error('Not used by the engine');
  }
  async defaultCard(): Promise<CardView | null> {
    return null;
  }
  async attachDefaultCard(): Promise<CardView> {
    throw new Error('Not used by the engine');
  }
  async detachCard(): Promise<void> {}
  verifyEvent(): PaymentEvent {
    throw new Error('Not used by the engine');
  }
}

/** Saved cards of the payment-methods module, in memory: a default card per person who has one. */
export class FakeSavedCards {
  readonly cards = new Map<string, { customerId: string; paymentMethodId: string }>();
  readonly customers = new Map<string, string>();

  async ensureCustomer(userId: string): Promise<string> {
    const known =
      this.customers.get(userId) ?? this.cards.get(userId)?.customerId ?? `cus_${userId.slice(0, 8)}`;
    this.customers.set(userId, known);
    return known;
  }

  async defaultCardOf(userId: string) {
    return this.cards.get(userId) ?? null;
  }
}
