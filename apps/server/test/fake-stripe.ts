import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { fakeCharges } from './fake-stripe-charges.ts';
import { fakeConnect } from './fake-stripe-connect.ts';

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

/**
 * A local stand-in for Stripe's API, enough of Connect for the payouts adapter: accounts (with
 * idempotency keys replayed as Stripe does), persons, account links. It answers in Stripe's JSON
 * shapes and records every request, so tests assert the form fields and headers the SDK sent.
 */
export async function startFakeStripe(options: { secretKey: string }) {
  const requests: StripeRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: { status: number; error: StripeErrorBody }[] = [];
  const charges = fakeCharges();
  const connect = fakeConnect();

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    const failure = failures.shift();
    if (failure) return { status: failure.status, body: { error: failure.error } };
    const charge = charges.route(method, path, form);
    if (charge) return charge;
    const account = connect.route(method, path, form);
    if (account) return account;
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
    verify: connect.verify,
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A bank token as Stripe.js would hand one over, ending with the bank account's last four digits. */
export function fakeToken(last4: string): string {
  return `btok_1Q${'stripejs'}${last4}`;
}
