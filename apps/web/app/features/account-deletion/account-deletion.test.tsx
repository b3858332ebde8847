import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiInit, ApiResult, WebContext } from '../../context.ts';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import {
  type AccountDeletionAnswer,
  deleteAccount,
  loadAccountDeletion,
  type OpenBooking,
} from './account-deletion-api.ts';
import { AccountDeletionPage } from './account-deletion-page.tsx';

const ORDER: OpenBooking = {
  id: '0f0e0d0c-0b0a-4909-8807-060504030201',
  state: 'preauthorized',
  role: 'customer',
  listingTitle: 'Sala luminosa en Ruzafa',
  bookingStart: '2026-05-05T08:00:00.000Z',
};
const SALE: OpenBooking = {
  ...ORDER,
  id: '1f0e0d0c-0b0a-4909-8807-060504030201',
  role: 'provider',
  state: 'accepted',
  listingTitle: '',
};

function render(
  openBookings: OpenBooking[],
  answer?: AccountDeletionAnswer,
  locale: 'es' | 'en' = 'es',
): string {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [
          { path: '*', element: <AccountDeletionPage openBookings={openBookings} answer={answer} /> },
        ],
      },
    ],
    { initialEntries: ['/account/delete-account'], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function apiContext(answer: { status: number; body: unknown; cookies?: string[] }) {
  const calls: { path: string; init: ApiInit | undefined }[] = [];
  const api = (async <T,>(path: string, init?: ApiInit): Promise<ApiResult<T>> => {
    calls.push({ path, init });
    return { status: answer.status, data: answer.body as T, cookies: answer.cookies ?? [] };
  }) as WebContext['api'];
  return { context: { api }, calls };
}

const post = (password: string) =>
  new Request('http://hora.test/account/delete-account', {
    method: 'POST',
    body: new URLSearchParams({ currentPassword: password }),
  });

describe('delete my account page', () => {
  it('says what deletion does and asks for the current password in a plain POST form', () => {
    const html = render([]);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('name="currentPassword"');
    expect(html).toContain('type="password"');
    expect(html).toContain('autoComplete="current-password"');
    const words = text(html);
    expect(words).toContain('Eliminar mi cuenta');
    expect(words).toContain('Usuario eliminado');
    expect(words).toContain('Se elimina tu tarjeta guardada.');
    expect(text(render([], undefined, 'en'))).toContain(
      'Your listings are closed and no longer appear in searches.',
    );
  });

  it('lists the bookings still open for money instead of the form, each linking to its page', () => {
    const html = render([ORDER, SALE]);
    expect(html).not.toContain('name="currentPassword"');
    expect(html).toContain('data-testid="deletion-blocked"');
    const words = text(html);
    expect(words).toContain('Todavía no puedes eliminar tu cuenta');
    expect(words).toContain('Sala luminosa en Ruzafa');
    expect(words).toContain('Eres quien reserva · Solicitada');
    expect(words).toContain('Espacio eliminado');
    expect(words).toContain('Eres el anfitrión · Aceptada');
    expect(html).toContain(`href="/order/${ORDER.id}/details"`);
    expect(html).toContain(`href="/sale/${SALE.id}/details"`);
  });

  it('shows a wrong password on its field', () => {
    const html = render([], { errors: { fields: { currentPassword: apiErrorKey('wrong-password') } } });
    expect(text(html)).toContain('La contraseña actual no es correcta');
  });
});

describe('delete my account action', () => {
  it('reads what blocks the deletion', async () => {
    const { context } = apiContext({ status: 200, body: { openTransactions: [ORDER] } });
    expect(await loadAccountDeletion(context)).toEqual({ openBookings: [ORDER] });
  });

  it('posts the password, then sends the cleared cookie with a redirect to the home page’s confirmation', async () => {
    const { context, calls } = apiContext({
      status: 200,
      body: { ok: true },
      cookies: ['hora.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax'],
    });
    const response = (await deleteAccount(post('mi-contraseña-1'), context)) as Response;
    expect(calls).toEqual([
      { path: '/api/account/delete', init: { method: 'POST', body: { currentPassword: 'mi-contraseña-1' } } },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?accountDeleted=1');
    expect(response.headers.get('set-cookie')).toContain('hora.session_token=;');
  });

  it('answers a refusal with its errors, and the blocking bookings when that is the reason', async () => {
    const blocked = apiContext({
      status: 409,
      body: { errors: [{ code: 'account-deletion-blocked', status: 409, meta: { transactions: [SALE] } }] },
    });
    const answer = (await deleteAccount(post('x'), blocked.context)) as unknown as {
      data: AccountDeletionAnswer;
      init: { status: number };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toEqual({
      errors: { form: apiErrorKey('account-deletion-blocked'), fields: {} },
      openBookings: [SALE],
    });

    const wrong = apiContext({ status: 403, body: { errors: [{ code: 'wrong-password', status: 403 }] } });
    const refused = (await deleteAccount(post('x'), wrong.context)) as unknown as {
      data: AccountDeletionAnswer;
    };
    expect(refused.data).toEqual({ errors: { fields: { currentPassword: apiErrorKey('wrong-password') } } });
  });
});
