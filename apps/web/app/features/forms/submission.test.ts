import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { action as localeAction } from '../../routes/locale.ts';
import { formErrorsFrom } from './api-errors.ts';
import { readForm } from './submission.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The status of what a call threw: a Response, or React Router's `data(…, { status })`. */
async function thrownStatus(call: () => Promise<unknown>): Promise<number | string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: { status?: number } } | null)?.init?.status;
    return status ?? `threw ${String(error)}`;
  }
  return 'did not throw';
}

const MALFORMED: [string, RequestInit][] = [
  ['no content type', { body: bytes('locale=en') }],
  ['a text body', { body: 'locale=en', headers: { 'content-type': 'text/plain' } }],
  ['JSON', { body: '{"locale":"en"}', headers: { 'content-type': 'application/json' } }],
  ['multipart without a boundary', { body: bytes('x'), headers: { 'content-type': 'multipart/form-data' } }],
  [
    'a broken multipart body',
    { body: bytes('garbage'), headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  ],
];

describe('posted forms', () => {
  it.each(MALFORMED)('answer 400 to %s', async (_name, init) => {
    const request = new Request('http://hora.test/locale', { method: 'POST', ...init });
    expect(await thrownStatus(() => readForm(request))).toBe(400);
  });

  it.each(MALFORMED)(
    'POST /locale with %s is the sender’s mistake (400), not a crash',
    async (_name, init) => {
      const request = new Request('http://hora.test/locale', { method: 'POST', ...init });
      const args = { request, params: {}, context: {} } as Parameters<typeof localeAction>[0];
      expect(await thrownStatus(() => localeAction(args))).toBe(400);
    },
  );

  it('reads a form post as before', async () => {
    const request = new Request('http://hora.test/locale', {
      method: 'POST',
      body: new URLSearchParams('locale=en'),
    });
    expect((await readForm(request)).get('locale')).toBe('en');
  });
});

describe('an API answer of 415', () => {
  it('shows its own message, in both languages', () => {
    const errors = formErrorsFrom({
      status: 415,
      data: { errors: [{ code: 'unsupported-media-type', status: 415 }] },
    });
    expect(errors.form).toBe('errors.api.unsupported-media-type');
    expect(mergedCatalogue('es')).toHaveProperty([errors.form!]);
    expect(mergedCatalogue('en')).toHaveProperty([errors.form!]);
  });
});
