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
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
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
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
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
