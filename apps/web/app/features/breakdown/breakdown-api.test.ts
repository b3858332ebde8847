import { describe, expect, it } from 'vitest';
import { BREAKDOWN } from '../checkout/checkout.fixture.ts';
import { estimateBreakdown, estimateFailureOf } from './breakdown-api.ts';

const BODY = {
  listingId: 'l',
  bookingStart: '2025-11-25T09:00:00.000Z',
  bookingEnd: '2025-11-25T11:00:00.000Z',
};
const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const invalid = (reason: string) => ({ errors: [{ code: 'validation-invalid-value', meta: { reason } }] });

describe('the booking form’s price estimate', () => {
  it('posts the chosen times and reads the server’s breakdown', async () => {
    let sent: RequestInit | undefined;
    const result = await estimateBreakdown(BODY, undefined, async (_url, init) => {
      sent = init;
      return answer(200, BREAKDOWN)();
    });
    expect(result).toEqual({ ok: true, breakdown: BREAKDOWN });
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(String(sent?.body))).toEqual(BODY);
    expect(await estimateBreakdown(BODY, undefined, answer(200, { data: BREAKDOWN }))).toEqual({
      ok: true,
      breakdown: BREAKDOWN,
    });
  });

  it('names each refusal of spec part 2 §8.2 booking form', () => {
    expect(estimateFailureOf(400, invalid('price-missing'))).toBe('priceMissing');
    expect(estimateFailureOf(400, invalid('currency-mismatch'))).toBe('currencyMismatch');
    expect(estimateFailureOf(409, { errors: [{ code: 'transaction-listing-not-found' }] })).toBe(
      'listingNotActive',
    );
    expect(estimateFailureOf(500, null)).toBe('failed');
  });

  it('fails softly without a network, and says nothing for a request a newer one replaced', async () => {
    const offline = async () => {
      throw new TypeError('offline');
    };
    expect(await estimateBreakdown(BODY, undefined, offline)).toEqual({ ok: false, failure: 'failed' });
    const controller = new AbortController();
    controller.abort();
    expect(await estimateBreakdown(BODY, controller.signal, offline)).toBeNull();
  });
});
