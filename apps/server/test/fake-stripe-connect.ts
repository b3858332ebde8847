import { randomBytes } from 'node:crypto';

/* The Connect half of the fake Stripe, served with its charges half by fake-stripe.ts. */

/**
 * Accounts (created, read, updated, verified by the test), their persons and account links, kept
 * in memory with Stripe's JSON shapes.
 */
export function fakeConnect() {
  const accounts = new Map<string, Record<string, unknown>>();

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
  ): { status: number; body: unknown } | undefined {
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
    return undefined;
  }

  return {
    route,
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
