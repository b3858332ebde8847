import { describe, expect, it } from 'vitest';
import { callApi } from './listing-api.ts';
import { listingPagePath, publishListing } from './publish.ts';
import { listingReadyForPhotos } from './test-listing.ts';

const ID = '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e';

/** A fetch that answers once with a status and a JSON body, remembering the request. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { send, calls };
}

const apiError = (status: number, code: string) => ({ errors: [{ id: 'e', status, code, title: code }] });

describe('publishing', () => {
  it('posts to the publish endpoint and goes to the published listing’s page', async () => {
    const published = listingReadyForPhotos({ state: 'published' });
    const { send, calls } = answering(200, { data: published });
    const outcome = await publishListing(ID, send);
    expect(calls[0]?.url).toBe(`/api/own-listings/${ID}/publish`);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(outcome).toEqual({
      kind: 'published',
      listing: published,
      to: `/l/cocina-luminosa-en-chamberi/${ID}`,
    });
  });

  it('goes to the owner’s variant page of a listing awaiting approval', () => {
    expect(listingPagePath(listingReadyForPhotos({ state: 'pendingApproval' }))).toBe(
      `/l/cocina-luminosa-en-chamberi/${ID}/pending-approval`,
    );
  });

  it('asks for the payout account when the API wants one', async () => {
    const { send } = answering(409, apiError(409, 'listing-payout-account-required'));
    expect(await publishListing(ID, send)).toEqual({ kind: 'payout-required' });
  });

  it('says what else went wrong', async () => {
    const { send } = answering(409, apiError(409, 'listing-incomplete'));
    expect(await publishListing(ID, send)).toEqual({
      kind: 'failed',
      error: 'errors.api.listing-incomplete',
    });
  });
});

describe('callApi', () => {
  it('sends JSON and reads the data envelope', async () => {
    const { send, calls } = answering(200, { data: { id: ID } });
    expect(await callApi('PUT', `/api/own-listings/${ID}/description`, { title: 'x' }, send)).toEqual({
      ok: true,
      data: { id: ID },
    });
    expect(calls[0]?.init).toMatchObject({
      method: 'PUT',
      body: '{"title":"x"}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('puts validation issues on their fields', async () => {
    const { send } = answering(400, {
      errors: [
        {
          id: 'e',
          status: 400,
          code: 'validation-invalid-params',
          title: 'x',
          meta: { issues: [{ path: 'title', message: 'validation.title.tooLong' }] },
        },
      ],
    });
    const answer = await callApi('POST', '/api/listings', {}, send);
    expect(answer).toMatchObject({
      ok: false,
      status: 400,
      errors: { fields: { title: 'validation.title.tooLong' } },
    });
  });

  it('reads a 401 as a session that ended, and no answer as a network failure', async () => {
    const { send } = answering(401, apiError(401, 'unauthorized'));
    expect(await callApi('GET', '/api/x', undefined, send)).toMatchObject({
      errors: { form: 'listings.errors.sessionExpired' },
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await callApi('GET', '/api/x', undefined, offline)).toMatchObject({
      errors: { form: 'listings.errors.network' },
    });
  });
});
