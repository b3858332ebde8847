import type { PayoutProviderView } from '@hora/core/payouts';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import type { CardFieldHandle } from '../payments/card-payments.tsx';
import { transactionContext } from '../transactions/transaction.fixture.ts';
import { loadPaymentMethods, type PaymentMethodsPageData, removeDefaultCard } from './payment-methods-api.ts';
import { PaymentMethodsPage } from './payment-methods-page.tsx';
import { type SaveCardSteps, saveCard } from './save-card.ts';

// The payments branch implements the card field and its confirmations; this page only uses them.
vi.mock('../payments/card-payments.tsx', () => ({
  CardField: (props: { disabled?: boolean }) => (
    <div data-testid="card-field" data-disabled={String(props.disabled === true)} />
  ),
  useCardPayments: () => ({
    confirmCardPayment: vi.fn(),
    confirmCardSetup: vi.fn(),
    dialog: null,
  }),
}));

const SANDBOX: PayoutProviderView = { kind: 'sandbox' };
const VISA = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, expired: false };

function render(data: PaymentMethodsPageData, path = '/account/payment-methods'): string {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [{ path: '*', element: <PaymentMethodsPage data={data} defaultName="Ana Ruiz" /> }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale="es" messages={mergedCatalogue('es')}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '');

describe('payment methods loader', () => {
  it('reads the provider and the saved card, flagging it expired by core’s rule on the server’s day', async () => {
    const { context } = transactionContext(
      'u1',
      {
        'GET /api/payouts/provider': { status: 200, body: { data: SANDBOX } },
        'GET /api/payment-methods': { status: 200, body: { card: { ...VISA, expMonth: 10, expYear: 2025 } } },
      },
      '2025-11-20T09:00:00.000Z',
    );
    expect(await loadPaymentMethods(context)).toEqual({
      provider: SANDBOX,
      card: { brand: 'visa', last4: '4242', expMonth: 10, expYear: 2025, expired: true },
      loadFailed: false,
    });
    const thisMonth = transactionContext(
      'u1',
      {
        'GET /api/payouts/provider': { status: 200, body: { data: SANDBOX } },
        'GET /api/payment-methods': { status: 200, body: { card: { ...VISA, expMonth: 11, expYear: 2025 } } },
      },
      '2025-11-20T09:00:00.000Z',
    );
    expect((await loadPaymentMethods(thisMonth.context)).card?.expired).toBe(false);
  });

  it('says when the card could not be read, and has no card without one', async () => {
    const failed = transactionContext('u1', {
      'GET /api/payouts/provider': { status: 200, body: { data: SANDBOX } },
      'GET /api/payment-methods': { status: 502, body: null },
    });
    expect(await loadPaymentMethods(failed.context)).toMatchObject({ card: null, loadFailed: true });
    const none = transactionContext('u1', {
      'GET /api/payouts/provider': { status: 200, body: { data: SANDBOX } },
      'GET /api/payment-methods': { status: 200, body: { card: null } },
    });
    expect(await loadPaymentMethods(none.context)).toMatchObject({ card: null, loadFailed: false });
  });
});

describe('removing the card (the page’s action)', () => {
  const post = (fields: Record<string, string>) =>
    new Request('http://hora.test/account/payment-methods?confirm=remove', {
      method: 'POST',
      body: new URLSearchParams(fields),
    });

  it('deletes the default card and shows the page again with the confirmation closed', async () => {
    const { context, calls } = transactionContext('u1', {
      'DELETE /api/payment-methods/default': { status: 204, body: null },
    });
    const answer = (await removeDefaultCard(post({ intent: 'remove' }), context)) as Response;
    expect(answer.headers.get('Location')).toBe('/account/payment-methods');
    expect(calls.map((call) => `${call.init?.method} ${call.path}`)).toEqual([
      'DELETE /api/payment-methods/default',
    ]);
  });

  it('keeps the page with the delete error when the API refuses, and refuses a stray post', async () => {
    const { context, calls } = transactionContext('u1', {
      'DELETE /api/payment-methods/default': { status: 502, body: null },
    });
    expect(await removeDefaultCard(post({ intent: 'remove' }), context)).toMatchObject({
      data: { error: 'paymentMethods.errors.deleteFailed' },
      init: { status: 502 },
    });
    await expect(removeDefaultCard(post({ intent: 'other' }), context)).rejects.toMatchObject({
      init: { status: 400 },
    });
    expect(calls).toHaveLength(1);
  });
});

describe('saving a card', () => {
  const card = { provider: 'sandbox' } as CardFieldHandle;

  function steps(overrides: Partial<SaveCardSteps> = {}) {
    const log: string[] = [];
    const all: SaveCardSteps = {
      createSetupIntent: async () => {
        log.push('setup-intent');
        return { ok: true, clientSecret: 'seti_1_sec' };
      },
      confirmCardSetup: async (secret, _card, billing) => {
        log.push(`confirm ${secret} ${billing.name}`);
        return { ok: true, paymentMethodId: 'pm_new', status: 'succeeded' };
      },
      attachCard: async (id) => {
        log.push(`attach ${id}`);
        return { ok: true };
      },
      ...overrides,
    };
    return { all, log };
  }

  it('makes a setup intent, confirms the card against it, then saves the confirmed card', async () => {
    const { all, log } = steps();
    expect(await saveCard(all, { card, name: 'Ana Ruiz', hadCard: true })).toEqual({ ok: true });
    expect(log).toEqual(['setup-intent', 'confirm seti_1_sec Ana Ruiz', 'attach pm_new']);
  });

  it('names the step that failed', async () => {
    const noIntent = steps({ createSetupIntent: async () => ({ ok: false }) });
    expect(await saveCard(noIntent.all, { card, name: 'A', hadCard: false })).toEqual({
      ok: false,
      messageKey: 'paymentMethods.errors.createCustomerFailed',
    });
    expect(await saveCard(noIntent.all, { card, name: 'A', hadCard: true })).toEqual({
      ok: false,
      messageKey: 'paymentMethods.errors.cardSetupFailed',
    });
    const declined = steps({
      confirmCardSetup: async () => ({
        ok: false,
        code: 'card_declined',
        messageKey: 'payments.card.card_declined',
        providerMessage: 'Your card was declined.',
      }),
    });
    expect(await saveCard(declined.all, { card, name: 'A', hadCard: true })).toEqual({
      ok: false,
      messageKey: 'payments.card.card_declined',
      providerMessage: 'Your card was declined.',
    });
    expect(declined.log).toEqual(['setup-intent']);
    const notAttached = steps({ attachCard: async () => ({ ok: false }) });
    expect(await saveCard(notAttached.all, { card, name: 'A', hadCard: true })).toEqual({
      ok: false,
      messageKey: 'paymentMethods.errors.addFailed',
    });
  });
});

describe('PaymentMethodsPage', () => {
  it('shows the saved card with its brand, last four digits and expiry, and the replace form', () => {
    const html = render({ provider: SANDBOX, card: { ...VISA }, loadFailed: false });
    expect(html).toContain('class="card-brand card-brand--visa"');
    expect(text(html)).toContain('Visa terminada en 4242');
    expect(text(html)).toContain('Caduca el 04/2031');
    expect(text(html)).not.toContain('Tu tarjeta ha caducado');
    expect(html).toContain('href="/account/payment-methods?confirm=remove"');
    expect(text(html)).toContain('Sustituir la tarjeta');
    expect(html).toContain('data-testid="card-field"');
    // Nothing typed yet: the submit waits for a complete card.
    expect(html).toMatch(/<button type="submit" class="button button--primary" disabled="">Guardar tarjeta/);
    expect(html).not.toContain('role="dialog"');
  });

  it('flags an expired card', () => {
    const html = render({
      provider: SANDBOX,
      card: { ...VISA, expMonth: 1, expYear: 2020, expired: true },
      loadFailed: false,
    });
    expect(text(html)).toContain('Caducó el 01/2020');
    expect(text(html)).toContain('Tu tarjeta ha caducado.');
    expect(html).toContain('saved-card__card--expired');
  });

  it('asks for confirmation before removing, with a form that posts without JavaScript', () => {
    const html = render(
      { provider: SANDBOX, card: { ...VISA }, loadFailed: false },
      '/account/payment-methods?confirm=remove',
    );
    expect(html).toContain('role="dialog"');
    expect(text(html)).toContain('¿Eliminar la tarjeta?');
    expect(text(html)).toContain('La tarjeta terminada en 4242 dejará de estar guardada.');
    expect(html).toMatch(/<form [^>]*method="post"><input type="hidden" name="intent" value="remove"\/>/);
    expect(html).toContain('href="/account/payment-methods"');
  });

  it('offers to add a card when there is none, and shows an unknown brand as a card', () => {
    const none = render({ provider: SANDBOX, card: null, loadFailed: false });
    expect(text(none)).toContain('No tienes ninguna tarjeta guardada.');
    expect(text(none)).toContain('Añadir una tarjeta');
    const other = render({ provider: SANDBOX, card: { ...VISA, brand: 'maestro' }, loadFailed: false });
    expect(other).toContain('card-brand--default');
    expect(text(other)).toContain('Tarjeta terminada en 4242');
  });

  it('shows the generic error when the card could not be loaded, and the missing-key notice', () => {
    const failed = render({ provider: SANDBOX, card: null, loadFailed: true });
    expect(text(failed)).toContain('No hemos podido cargar tus métodos de pago.');
    expect(failed).not.toContain('data-testid="card-field"');
    const missing = render({
      provider: { kind: 'stripe', publishableKey: '' },
      card: null,
      loadFailed: false,
    });
    expect(text(missing)).toContain('falta la clave pública del proveedor de pagos');
    expect(missing).not.toContain('data-testid="card-field"');
  });
});
