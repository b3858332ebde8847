import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** One request the fake received: the form fields as sent (`individual[dob][day]`), and the headers. */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'card_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

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
function fakeCharges() {
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

/**
 * A local stand-in for Stripe's API, enough of Connect for the payouts adapter: accounts (with
 * idempotency keys replayed as Stripe does), persons, account links. It answers in Stripe's JSON
 * shapes and records every request, so tests assert the form fields and headers the SDK sent.
 */
export async function startFakeStripe(options: { secretKey: string }) {
  const requests: StripeRequest[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: { status: number; error: StripeErrorBody }[] = [];
  const charges = fakeCharges();

  function account(id: string, form: Record<string, string>, previous?: Record<string, unknown>) {
    const token = form.external_account;
    const bank = token
      ? [{ id: `ba_${id.slice(5)}`, object: 'bank_account', last4: token.slice(-4), country: form.country }]
      : ((previous?.external_accounts as { data: unknown[] } | undefined)?.data ?? []);
    return {
      id,
      object: 'account',
      type: 'custom',
      country: form.country ?? previous?.country,
      business_type: form.business_type ?? previous?.business_type,
      requirements: {
        currently_due: ['individual.verification.document'],
        past_due: [],
        eventually_due: ['individual.verification.document'],
      },
      capabilities: { card_payments: 'pending', transfers: 'pending' },
      external_accounts: {
        object: 'list',
        data: bank,
        has_more: false,
        url: `/v1/accounts/${id}/external_accounts`,
      },
    };
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    const failure = failures.shift();
    if (failure) return { status: failure.status, body: { error: failure.error } };
    const charge = charges.route(method, path, form);
    if (charge) return charge;
    if (method === 'POST' && path === '/v1/accounts') {
      const id = `acct_${randomBytes(8).toString('hex')}`;
      const created = account(id, form);
      accounts.set(id, created);
      return { status: 200, body: created };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/c/${form.account}/${randomBytes(6).toString('hex')}`,
          created: 1_772_445_600,
          expires_at: 1_772_445_900,
        },
      };
    }
    const persons = path.match(/^\/v1\/accounts\/(acct_\w+)\/persons$/);
    if (method === 'POST' && persons) {
      return { status: 200, body: { id: `person_${randomBytes(6).toString('hex')}`, object: 'person' } };
    }
    const one = path.match(/^\/v1\/accounts\/(acct_\w+)$/);
    const existing = one ? accounts.get(one[1] as string) : undefined;
    if (one && !existing) {
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `No such account: '${one[1]}'`,
            code: 'resource_missing',
            param: 'account',
          },
        },
      };
    }
    if (one && existing && method === 'GET') return { status: 200, body: existing };
    if (one && existing && method === 'POST') {
      const updated = account(one[1] as string, form, existing);
      accounts.set(one[1] as string, updated);
      return { status: 200, body: updated };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    // A GET's parameters (`expand[0]`) come in the query string, a POST's in the form body.
    const form = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const recorded: StripeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      form,
      idempotencyKey,
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    let reply: { status: number; body: unknown };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      reply = {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    } else if (idempotencyKey && replies.has(idempotencyKey)) {
      reply = replies.get(idempotencyKey) as { status: number; body: unknown };
    } else {
      reply = route(recorded.method, recorded.path, form);
      if (idempotencyKey && reply.status < 500) replies.set(idempotencyKey, reply);
    }
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** The next request answers with this Stripe error instead. */
    failNext(status: number, error: StripeErrorBody) {
      failures.push({ status, error });
    },
    /** A card as Stripe.js would make one in the browser (`pm_…`), of the given test number. */
    addCard: charges.addCard,
    /** Confirms a payment intent with a card, as Stripe.js would in the customer's browser. */
    confirm: charges.confirm,
    /** Marks an account as fully onboarded, as Stripe does once verification succeeds. */
    verify(accountId: string) {
      const existing = accounts.get(accountId);
      if (!existing) throw new Error(`No fake account ${accountId}`);
      accounts.set(accountId, {
        ...existing,
        requirements: { currently_due: [], past_due: [], eventually_due: [] },
        capabilities: { card_payments: 'active', transfers: 'active' },
      });
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A bank token as Stripe.js would hand one over, ending with the bank account's last four digits. */
export function fakeToken(last4: string): string {
  return `btok_1Q${'stripejs'}${last4}`;
}
