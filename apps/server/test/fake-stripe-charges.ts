import { randomBytes } from 'node:crypto';

/* The charges half of the fake Stripe, served with its Connect half by fake-stripe.ts. */

type Reply = { status: number; body: unknown };

const notFound = (kind: string, id: string, param: string): Reply => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      message: `No such ${kind}: '${id}'`,
      code: 'resource_missing',
      param,
    },
  },
});

const refused = (message: string, code: string): Reply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, code } },
});

/**
 * The charges half of the fake: customers, cards, payment intents with manual capture, refunds,
 * transfers and setup intents, kept in memory with Stripe's states and JSON shapes.
 */
export function fakeCharges() {
  const customers = new Map<string, Record<string, unknown> & { default: string | null }>();
  const cards = new Map<string, { id: string; customer: string | null; last4: string; brand: string }>();
  const intents = new Map<string, Record<string, unknown>>();
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  function cardJson(card: { id: string; customer: string | null; last4: string; brand: string }) {
    return {
      id: card.id,
      object: 'payment_method',
      type: 'card',
      customer: card.customer,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
      metadata: {},
    };
  }

  function customerJson(customer: Record<string, unknown> & { default: string | null }, expand: boolean) {
    const { default: defaultCard, ...rest } = customer;
    const card = defaultCard ? cards.get(defaultCard) : undefined;
    return {
      ...rest,
      invoice_settings: { default_payment_method: expand && card ? cardJson(card) : defaultCard },
    };
  }

  function metadataOf(form: Record<string, string>) {
    return Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
  }

  function route(method: string, path: string, form: Record<string, string>): Reply | undefined {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.email,
        metadata: metadataOf(form),
        default: null,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customerJson(customer, false) };
    }
    const customerPath = /^\/v1\/customers\/(cus_\w+)$/.exec(path);
    if (customerPath) {
      const customer = customers.get(customerPath[1] as string);
      if (!customer) return notFound('customer', customerPath[1] as string, 'id');
      if (method === 'POST' && form['invoice_settings[default_payment_method]'] !== undefined) {
        customer.default = form['invoice_settings[default_payment_method]'] || null;
      }
      return { status: 200, body: customerJson(customer, form['expand[0]'] !== undefined) };
    }
    const cardPath = /^\/v1\/payment_methods\/(pm_\w+)(\/attach|\/detach)?$/.exec(path);
    if (cardPath) {
      const card = cards.get(cardPath[1] as string);
      if (!card) return notFound('payment_method', cardPath[1] as string, 'payment_method');
      if (cardPath[2] === '/attach') {
        if (card.customer && card.customer !== form.customer) {
          return refused(
            'The payment method you provided has already been attached to a customer.',
            'resource_already_exists',
          );
        }
        card.customer = form.customer ?? null;
      }
      if (cardPath[2] === '/detach') {
        if (!card.customer)
          return refused(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            'payment_method_unexpected_state',
          );
        card.customer = null;
      }
      return { status: 200, body: cardJson(card) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency,
        capture_method: form.capture_method,
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        setup_future_usage: form.setup_future_usage ?? null,
        metadata: metadataOf(form),
        last_payment_error: null,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)(\/capture|\/cancel)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1] as string);
      if (!intent) return notFound('payment_intent', intentPath[1] as string, 'intent');
      if (intentPath[2] === '/capture') {
        if (intent.status !== 'requires_capture') {
          return refused(
            `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`,
            'payment_intent_unexpected_state',
          );
        }
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, amount_capturable: 0 });
      }
      if (intentPath[2] === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return refused(
            `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
            'payment_intent_unexpected_state',
          );
        }
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
      }
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return notFound('payment_intent', form.payment_intent ?? '', 'payment_intent');
      if (intent.status !== 'succeeded')
        return refused(
          'This PaymentIntent does not have a successful charge to refund.',
          'charge_not_refundable',
        );
      const amount = form.amount ? Number(form.amount) : intent.amount;
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          status: 'succeeded',
          payment_intent: intent.id,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      return {
        status: 200,
        body: {
          id: id('tr'),
          object: 'transfer',
          amount: Number(form.amount),
          currency: form.currency,
          destination: form.destination,
          metadata: metadataOf(form),
        },
      };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(form.customer ?? '')) return notFound('customer', form.customer ?? '', 'customer');
      const setupId = id('seti');
      return {
        status: 200,
        body: {
          id: setupId,
          object: 'setup_intent',
          client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
          customer: form.customer,
          payment_method: null,
          status: 'requires_payment_method',
          usage: form.usage,
        },
      };
    }
    return undefined;
  }

  return {
    route,
    addCard(last4 = '4242', brand = 'visa'): string {
      const card = { id: id('pm'), customer: null, last4, brand };
      cards.set(card.id, card);
      return card.id;
    },
    confirm(intentId: string, paymentMethodId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake payment intent ${intentId}`);
      const card = cards.get(paymentMethodId);
      if (card && intent.setup_future_usage && !card.customer) card.customer = intent.customer as string;
      Object.assign(intent, {
        status: 'requires_capture',
        payment_method: paymentMethodId,
        amount_capturable: intent.amount,
      });
    },
  };
}
