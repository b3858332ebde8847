import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, LISTING_ID, TX_ID, transactionContext } from '../transactions/transaction.fixture.ts';
import { runEnquiry } from './enquiry-action.ts';

const KEY = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function post(fields: Record<string, string>) {
  return new Request(`https://hora.es/l/sala-luminosa/${LISTING_ID}?contact=true`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  const { data, init } = result as { data: Record<string, unknown>; init: { status: number } };
  return { status: init.status, data };
}

describe('the enquiry form’s action', () => {
  it('enquires with the form’s idempotency key and opens the new order’s page', async () => {
    const { context, calls } = transactionContext(CUSTOMER_ID, {
      'POST /api/transactions/enquiries': { status: 201, body: { transaction: { id: TX_ID } } },
    });
    const result = await outcome(
      await runEnquiry(
        post({ message: ' ¿Hay proyector? ', 'idempotency-key': KEY }),
        { id: LISTING_ID },
        context,
      ),
    );
    expect(result).toEqual({ status: 302, location: `/order/${TX_ID}/details` });
    expect(calls).toEqual([
      {
        path: '/api/transactions/enquiries',
        init: {
          method: 'POST',
          body: { listingId: LISTING_ID, message: ' ¿Hay proyector? ' },
          idempotencyKey: KEY,
        },
      },
    ]);
  });

  it('tells the API’s refusal of an empty question, with a fresh key for the next try', async () => {
    const { context } = transactionContext(CUSTOMER_ID, {
      'POST /api/transactions/enquiries': {
        status: 400,
        body: {
          errors: [
            {
              code: 'validation-invalid-params',
              meta: { issues: [{ path: 'message', message: 'validation.required' }] },
            },
          ],
        },
      },
    });
    const result = await outcome(
      await runEnquiry(post({ message: '   ', 'idempotency-key': KEY }), { id: LISTING_ID }, context),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ enquiryError: 'enquiry.errors.required', message: '   ' });
    expect(result.data?.idempotencyKey).not.toBe(KEY);
  });

  it.each([
    [409, 'transaction-own-listing', 'errors.api.transaction-own-listing'],
    [403, 'transaction-messaging-not-allowed', 'errors.api.transaction-messaging-not-allowed'],
    [502, 'internal-error', 'enquiry.sendFailed'],
  ])('tells a %i (%s) as %s, keeping the text', async (status, code, key) => {
    const { context } = transactionContext(CUSTOMER_ID, {
      'POST /api/transactions/enquiries': { status, body: { errors: [{ code }] } },
    });
    const result = await outcome(
      await runEnquiry(post({ message: 'Hola', 'idempotency-key': KEY }), { id: LISTING_ID }, context),
    );
    expect(result).toMatchObject({ status, data: { enquiryError: key, message: 'Hola' } });
  });

  it('sends a visitor to log in', async () => {
    const { context } = transactionContext(null, {});
    const thrown = await runEnquiry(
      post({ message: 'Hola', 'idempotency-key': KEY }),
      { id: LISTING_ID },
      context,
    ).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toContain('/login');
  });
});
