import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { MAILBOX_STATUSES, type MailboxMessage } from './mailbox-api.ts';
import { MailboxList } from './mailbox-list.tsx';
import { MailboxMessageView } from './mailbox-message.tsx';

const es = mergedCatalogue('es');
const en = mergedCatalogue('en');

const EMAIL: MailboxMessage = {
  id: '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e',
  to: 'lucia@example.com',
  subject: 'Confirma tu dirección de correo en Hora',
  template: 'verify-email',
  status: 'kept',
  createdAt: '2025-03-30T01:30:05.000Z',
  locale: 'es',
  html: '<p>Hola</p><a href="https://hora.test/verify-email?t=abc&amp;x=1">Confirmar</a><script>parent.alert(1)</script>',
  text: 'Hola, Lucía:\n\nConfirmar mi correo: https://hora.test/verify-email?t=abc&x=1',
};

function render(element: ReactNode, locale: 'es' | 'en' = 'es') {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderToString(
    <I18nProvider locale={locale} messages={locale === 'es' ? es : en}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('mailbox texts', () => {
  it('name every status the API can report, in both languages', () => {
    for (const status of MAILBOX_STATUSES) {
      expect(es).toHaveProperty([`mailbox.status.${status}`]);
      expect(en).toHaveProperty([`mailbox.status.${status}`]);
    }
  });
});

describe('MailboxList', () => {
  it('lists the text messages of the SMS outbox next to the emails', () => {
    const html = render(
      <MailboxList
        emails={[]}
        sms={[
          {
            id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
            to: '+34600111222',
            body: 'Hora: nueva reserva de Ana R.',
            status: 'kept',
            createdAt: '2025-03-30T01:31:00.000Z',
          },
        ]}
        to=""
      />,
    );
    expect(html).toContain('Mensajes de texto (SMS)');
    expect(html).toContain('data-testid="mailbox-sms-row"');
    expect(html).toContain('+34600111222');
    expect(html).toContain('Hora: nueva reserva de Ana R.');
    expect(html).toContain('Guardado sin enviar');
    expect(render(<MailboxList emails={[]} sms={[]} to="" />)).toContain('Todavía no hay SMS.');
  });

  it('lists each email with its date in Madrid time, a link to it and its translated status', () => {
    const html = render(<MailboxList emails={[EMAIL]} sms={[]} to="" />);
    expect(html).toContain('<h1>Buzón de desarrollo</h1>');
    expect(html).toContain(`href="/dev/mailbox/${EMAIL.id}"`);
    expect(html).toContain('lucia@example.com');
    expect(html).toContain('Guardado sin enviar');
    // 01:30:05 UTC on the night clocks go forward is 03:30:05 in Madrid.
    expect(html).toContain('3:30:05');
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="to"/);
  });

  it('says when no email matches the filter, and offers to show all', () => {
    const html = render(<MailboxList emails={[]} sms={[]} to="nadie@example.com" />, 'en');
    expect(html).toContain('No emails for nadie@example.com.');
    expect(html).toMatch(/<a[^>]*href="\/dev\/mailbox"[^>]*>Show all<\/a>/);
    expect(html).toMatch(/value="nadie@example.com"/);
  });
});

describe('MailboxMessageView', () => {
  it('shows the HTML in a fully sandboxed frame, the text, and the links as plain links', () => {
    const html = render(<MailboxMessageView email={EMAIL} />);
    expect(html).toContain(`<h1>${EMAIL.subject}</h1>`);
    const frame = html.match(/<iframe[^>]*>/)?.[0] ?? '';
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('srcDoc="&lt;p&gt;Hola&lt;/p&gt;');
    expect(frame).toContain('title="Vista previa del correo «Confirma tu dirección de correo en Hora»"');
    // The email's script stays inside the frame's attribute, never on the page.
    expect(html.replace(frame, '')).not.toContain('<script>parent');
    expect(html).toContain('<a href="https://hora.test/verify-email?t=abc&amp;x=1">');
    expect(html.match(/<a href="https:\/\/hora\.test/g)).toHaveLength(1);
    expect(html).toMatch(/<pre[^>]*>Hola, Lucía:/);
  });

  it('says so when an email has no links', () => {
    const html = render(<MailboxMessageView email={{ ...EMAIL, html: '<p>Hi</p>', text: 'Hi' }} />, 'en');
    expect(html).toContain('This email has no links.');
    expect(html).toContain('Plain-text version');
  });
});
