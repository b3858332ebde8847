import type { TransactionReviewView } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue, parseMessages, type SerializedMessages } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ROOT_DATA } from '../../root.fixture.ts';
import { loader as profileLoader } from '../../routes/profile.tsx';
import { action as reviewAction, loader as reviewLoader } from '../../routes/transaction-review.tsx';
import { fakeContext } from '../listing-page/listing.fixture.ts';
import {
  CUSTOMER_ID,
  PROVIDER_ID,
  TX_ID,
  transaction,
  transactionContext,
} from '../transactions/transaction.fixture.ts';
import { ProfileReviews } from './profile-reviews.tsx';
import { ReviewModal } from './review-modal.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { NO_REVIEWS, review, reviewPage, transactionReview } from './reviews.fixture.ts';

function render(element: ReactNode, locale: Locale = 'es'): string {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => ROOT_DATA, children: [{ path: '*', element }] }],
    { initialEntries: [`/order/${TX_ID}/review`], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '').replace(/&#x27;/g, "'");

const delivered = (overrides: Partial<TransactionView> = {}) =>
  transaction({ state: 'delivered', lastTransition: 'complete', role: 'customer', ...overrides });

describe('ReviewPanel', () => {
  it('shows nothing before the booking is delivered', () => {
    expect(render(<ReviewPanel transaction={transaction()} reviews={[]} />)).not.toContain('review-panel');
  });

  it('offers the review form with the deadline once delivered, to either party', () => {
    const html = render(<ReviewPanel transaction={delivered()} reviews={[]} />, 'en');
    expect(html).toContain(`href="/order/${TX_ID}/review"`);
    expect(text(html)).toContain('Leave a review');
    // Booking end 24 November + 7 days, in the listing's zone.
    expect(text(html)).toContain('You have until December 1 to leave your review.');
    const sale = render(<ReviewPanel transaction={delivered({ role: 'provider' })} reviews={[]} />, 'en');
    expect(sale).toContain(`href="/sale/${TX_ID}/review"`);
  });

  it('after the viewer reviewed: their review marked as private until published, and no button', () => {
    const html = render(
      <ReviewPanel
        transaction={delivered({ state: 'reviewed-by-customer', lastTransition: 'review-1-by-customer' })}
        reviews={[transactionReview({ content: 'Muy buena sala.' })]}
      />,
      'en',
    );
    expect(html).not.toContain('data-testid="review-button"');
    expect(text(html)).toContain('It will be published when');
    expect(text(html)).toContain('Muy buena sala.');
    expect(text(html)).toContain('Only you can see it until it is published');
  });

  it('lets the second reviewer review while the other’s review stays hidden', () => {
    const html = render(
      <ReviewPanel
        transaction={delivered({
          role: 'provider',
          state: 'reviewed-by-customer',
          lastTransition: 'review-1-by-customer',
        })}
        reviews={[]}
      />,
    );
    expect(html).toContain(`href="/sale/${TX_ID}/review"`);
  });

  it('shows both reviews once published, and that the period is over for someone who did not review', () => {
    const both: TransactionReviewView[] = [
      transactionReview({ state: 'public', content: 'Mía' }),
      transactionReview({ id: 'r2', state: 'public', mine: false, content: 'Suya' }),
    ];
    const html = render(
      <ReviewPanel
        transaction={delivered({ state: 'reviewed', lastTransition: 'review-2-by-provider' })}
        reviews={both}
      />,
    );
    expect(text(html)).toContain('Vuestras reseñas están publicadas.');
    expect(text(html)).toContain('Mía');
    expect(text(html)).toContain('Suya');
    const expired = render(
      <ReviewPanel
        transaction={delivered({ state: 'reviewed', lastTransition: 'expire-review-period' })}
        reviews={[]}
      />,
    );
    expect(text(expired)).toContain('El plazo para dejar reseñas ha terminado.');
  });
});

describe('ReviewModal', () => {
  it('is a labelled dialog with the star radio group and the text, both required', () => {
    const html = render(<ReviewModal transaction={delivered()} reviews={[]} result={undefined} />);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(text(html)).toContain('Valora a Lucía G.');
    expect(html).toContain('<legend class="field__label">Valoración</legend>');
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(html).toMatch(
        new RegExp(
          `<input(?=[^>]*type="radio")(?=[^>]*name="rating")(?=[^>]*value="${rating}")(?=[^>]*required="")`,
        ),
      );
    }
    expect(text(html)).toContain('1 estrella');
    expect(text(html)).toContain('5 estrellas');
    expect(html).toMatch(/<textarea(?=[^>]*name="content")(?=[^>]*maxLength="5000")(?=[^>]*required="")/);
    expect(html).toContain('method="post"');
    // Cancel works without JavaScript: a link back to the order.
    expect(html).toContain(`href="/order/${TX_ID}/details"`);
  });

  it('keeps what was typed and shows the translated errors', () => {
    const html = render(
      <ReviewModal
        transaction={delivered()}
        reviews={[]}
        result={{
          errors: { fields: { rating: 'validation.review.ratingInvalid', content: 'validation.required' } },
          values: { rating: '', content: 'Texto' },
        }}
      />,
    );
    expect(text(html)).toContain('Elige una valoración de 1 a 5 estrellas.');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('>Texto</textarea>');
    const failed = render(
      <ReviewModal
        transaction={delivered()}
        reviews={[]}
        result={{
          errors: { form: 'reviews.errors.sendFailed', fields: {} },
          values: { rating: '4', content: 'x' },
        }}
      />,
    );
    expect(text(failed)).toContain('No se ha podido enviar tu reseña.');
    expect(failed).toMatch(/<input(?=[^>]*value="4")(?=[^>]*checked="")[^>]*name="rating"/);
  });

  it('says “already sent (refresh)” instead of the form once the viewer has reviewed', () => {
    const html = render(
      <ReviewModal
        transaction={delivered({ state: 'reviewed-by-customer' })}
        reviews={[transactionReview()]}
        result={undefined}
      />,
      'en',
    );
    expect(text(html)).toContain('You have already sent your review. Refresh the page to see it.');
    expect(html).not.toContain('name="rating"');
  });
});

describe('ProfileReviews', () => {
  it('shows the reviews from renters and from hosts with their counts, averages and empty texts', () => {
    const html = render(
      <ProfileReviews
        reviews={{
          asHost: reviewPage([review(), review({ id: 'r2', rating: 4 })], 4.5),
          asRenter: NO_REVIEWS,
        }}
      />,
      'en',
    );
    expect(text(html)).toContain('Reviews from renters (2)');
    expect(text(html)).toContain('4.5 out of 5 · 2 reviews');
    expect(text(html)).toContain('Reviews from hosts (0)');
    expect(text(html)).toContain('No reviews from hosts yet.');
    const paged = render(
      <ProfileReviews reviews={{ asHost: reviewPage([review()], 5, 25), asRenter: NO_REVIEWS }} />,
      'en',
    );
    expect(paged).toContain('aria-label="Pages of reviews from renters"');
    expect(paged).toContain(`href="/order/${TX_ID}/review?hostReviews=2#reviews-as-host"`);
    expect(text(render(<ProfileReviews reviews={{ asHost: null, asRenter: NO_REVIEWS }} />))).toContain(
      'No se han podido cargar las reseñas.',
    );
  });
});

describe('/order/:id/review and /sale/:id/review', () => {
  const GET = `GET /api/transactions/${TX_ID}`;
  const REVIEWS = `GET /api/transactions/${TX_ID}/reviews`;
  const POST = `POST /api/transactions/${TX_ID}/reviews`;

  async function run<T>(work: () => Promise<T> | T): Promise<T | Response> {
    try {
      return await work();
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      const status = (thrown as { init?: { status?: number } }).init?.status;
      if (status) return new Response(null, { status });
      throw thrown;
    }
  }

  function post(
    page: 'order' | 'sale',
    context: ReturnType<typeof transactionContext>['context'],
    fields: Record<string, string>,
  ) {
    const request = new Request(`http://hora.test/${page}/${TX_ID}/review`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return run(() => reviewAction({ request, context, params: { id: TX_ID } } as never));
  }

  it('loads the page with the reviews and the validation texts', async () => {
    const { context } = transactionContext(CUSTOMER_ID, {
      [GET]: { status: 200, body: { transaction: delivered() } },
      [REVIEWS]: { status: 200, body: { data: [] } },
    });
    const request = new Request(`http://hora.test/order/${TX_ID}/review`);
    const page = await run(() => reviewLoader({ request, context, params: { id: TX_ID } } as never));
    expect(page).toMatchObject({ transaction: { id: TX_ID }, reviews: [] });
    expect(
      parseMessages((page as { messages: SerializedMessages }).messages)['validation.required'],
    ).toBeTruthy();
  });

  it('goes to the order page itself before the booking is delivered', async () => {
    const { context } = transactionContext(CUSTOMER_ID, {
      [GET]: { status: 200, body: { transaction: transaction({ role: 'customer' }) } },
      [REVIEWS]: { status: 200, body: { data: [] } },
    });
    const request = new Request(`http://hora.test/order/${TX_ID}/review`);
    const answer = await run(() => reviewLoader({ request, context, params: { id: TX_ID } } as never));
    expect((answer as Response).headers.get('Location')).toBe(`/order/${TX_ID}/details`);
  });

  it('sends the review and goes back to the order or sale page', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [POST]: { status: 201, body: { review: transactionReview() } },
    });
    const answer = await post('sale', context, { rating: '4', content: 'Cliente ejemplar' });
    expect((answer as Response).headers.get('Location')).toBe(`/sale/${TX_ID}/details`);
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      body: { rating: '4', content: 'Cliente ejemplar' },
    });
  });

  it.each([
    [409, 'transaction-already-reviewed-by-customer', 'reviews.errors.alreadySent'],
    [409, 'transaction-invalid-transition', 'reviews.errors.closed'],
    [500, 'internal', 'reviews.errors.sendFailed'],
  ])('answers %s %s with %s and keeps the text', async (status, code, message) => {
    const { context } = transactionContext(CUSTOMER_ID, {
      [POST]: { status, body: { errors: [{ status, code, title: 'x' }] } },
    });
    const answer = (await post('order', context, { rating: '5', content: 'Genial' })) as unknown as {
      data: { errors: { form: string }; values: { content: string } };
      init: { status: number };
    };
    expect(answer.data.errors.form).toBe(message);
    expect(answer.data.values.content).toBe('Genial');
    expect(answer.init.status).toBe(status);
  });

  it('shows the fields’ errors of a refused body, with no rating sent when none was chosen', async () => {
    const { context, calls } = transactionContext(CUSTOMER_ID, {
      [POST]: {
        status: 400,
        body: {
          errors: [
            {
              status: 400,
              code: 'validation-invalid-params',
              title: 'x',
              meta: { issues: [{ path: 'rating', message: 'validation.required' }] },
            },
          ],
        },
      },
    });
    const answer = (await post('order', context, { content: 'Genial' })) as unknown as {
      data: { errors: { fields: Record<string, string> } };
    };
    expect(answer.data.errors.fields).toEqual({ rating: 'validation.required' });
    expect(calls[0]?.init?.body).toEqual({ rating: undefined, content: 'Genial' });
  });

  it('is the not-found page for someone else’s transaction', async () => {
    const { context } = transactionContext(CUSTOMER_ID, { [POST]: { status: 404, body: null } });
    expect(((await post('order', context, { rating: '5', content: 'x' })) as Response).status).toBe(404);
  });
});

describe('/u/:id', () => {
  it('asks for the person, their listings and both their review lists in one round', async () => {
    const id = '6f1c0f4e-2b6d-4a57-9d1e-3f2a7c9b8e01';
    const asHost = reviewPage([review()], 5);
    const { context, calls } = fakeContext(null, {
      [`/api/users/${id}/listings`]: {
        status: 200,
        body: { data: [], meta: { page: 1, perPage: 12, totalItems: 0, totalPages: 0 } },
      },
      [`/api/users/${id}`]: {
        status: 200,
        body: {
          id,
          banned: false,
          deleted: false,
          displayName: 'Marta G.',
          abbreviatedName: 'MG',
          bio: null,
          instagram: null,
          tiktok: null,
          avatar: null,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      },
      [`/api/reviews?subjectId=${id}&type=ofProvider`]: { status: 200, body: asHost },
      [`/api/reviews?subjectId=${id}&type=ofCustomer`]: { status: 500, body: null },
    });
    const page = await profileLoader({
      params: { id },
      context,
      request: new Request(`http://hora.test/u/${id}?renterReviews=3&hostReviews=x`),
    } as never);
    expect(page.reviews).toEqual({ asHost, asRenter: null });
    expect(calls).toEqual([
      `/api/users/${id}`,
      `/api/users/${id}/listings?page=1`,
      `/api/reviews?subjectId=${id}&type=ofProvider&page=1`,
      `/api/reviews?subjectId=${id}&type=ofCustomer&page=3`,
    ]);
  });
});
