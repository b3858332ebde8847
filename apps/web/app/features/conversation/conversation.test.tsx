import type { MessageView, TransactionView } from '@hora/core/transactions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ROOT_DATA } from '../../root.fixture.ts';
import { CUSTOMER_ID, PROVIDER_ID, party, TX_ID, transaction } from '../transactions/transaction.fixture.ts';
import { Conversation } from './conversation.tsx';
import type { ConversationData } from './conversation-loader.ts';

const MESSAGES: MessageView[] = [
  {
    id: 'm1',
    senderId: CUSTOMER_ID,
    content: '¿Hay <b>proyector</b>?',
    createdAt: '2025-11-20T09:01:00.000Z',
    offer: null,
  },
  {
    id: 'm2',
    senderId: PROVIDER_ID,
    content: 'Sí, y pizarra.',
    createdAt: '2025-11-20T09:05:00.000Z',
    offer: null,
  },
];

function render(
  view: TransactionView,
  conversation: Partial<ConversationData> = {},
  options: { locale?: Locale; path?: string } = {},
): string {
  const locale = options.locale ?? 'es';
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [
          {
            path: '*',
            element: (
              <Conversation
                transaction={view}
                conversation={{ messages: MESSAGES, hasOlder: false, pages: 1, ...conversation }}
              />
            ),
          },
        ],
      },
    ],
    {
      initialEntries: [options.path ?? `/sale/${TX_ID}/details`],
      hydrationData: { loaderData: { root: ROOT_DATA } },
    },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->|<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('the conversation of the sale page (provider)', () => {
  it('shows transitions and messages in time order, as lines from the viewer’s side', () => {
    const html = render(transaction());
    const feed = text(html.slice(html.indexOf('data-testid="activity-feed"')));
    const order = [
      'Ana R. 20 nov, 10:01¿Hay <b>proyector</b>?',
      'Ana R. ha solicitado reservar Sala luminosa en Malasaña.20 nov, 10:02',
      'Tú 20 nov, 10:05Sí, y pizarra.',
    ].map((part) => feed.indexOf(part));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A user's text is text: never markup.
    expect(html).not.toContain('<b>proyector</b>');
    // Times in the listing's zone (Madrid, UTC+1 in November).
    expect(html).toContain('<time dateTime="2025-11-20T09:01:00.000Z">20 nov, 10:01</time>');
  });

  it('has a send-message form that posts to the page, usable before the script runs', () => {
    const html = render(transaction());
    expect(html).toMatch(/<form[^>]*action="\/sale\/[^"]+\/details" method="post"/);
    expect(html).toContain('name="intent" value="send-message"');
    expect(html).toMatch(/<textarea[^>]*name="content"[^>]*required/);
    expect(text(html)).toContain('Mensaje para Ana R.');
    // Disabled only once the script can enable it again.
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
  });

  it('replaces the form with the "sending message not allowed" text when either party is banned or deleted', () => {
    for (const gone of [
      { customer: party({ id: CUSTOMER_ID, displayName: '', abbreviatedName: '', banned: true }) },
      { provider: party({ id: PROVIDER_ID, displayName: '', abbreviatedName: '', deleted: true }) },
    ]) {
      const html = render(transaction(gone));
      expect(html).not.toContain('name="content"');
      expect(text(html)).toContain('No se pueden enviar mensajes');
    }
  });

  it('says a deleted listing’s conversation goes on, and keeps the form', () => {
    const html = render(
      transaction({ listing: { ...transaction().listing, title: '', deleted: true } }),
      {},
      {
        locale: 'en',
      },
    );
    expect(text(html)).toContain('This listing has been deleted, but you can still send messages');
    expect(html).toContain('name="content"');
  });

  it('links to the older messages and tells when the messages could not be loaded', () => {
    const older = render(transaction(), { hasOlder: true, pages: 1 }, { path: `/sale/${TX_ID}/details?x=1` });
    expect(older).toContain(`href="/sale/${TX_ID}/details?x=1&amp;messages=2"`);
    expect(text(older)).toContain('Ver mensajes anteriores');
    const failed = render(transaction(), { messages: null });
    expect(text(failed)).toContain('No se han podido cargar los mensajes');
    expect(failed).not.toContain('data-testid="activity-feed"');
  });
});
