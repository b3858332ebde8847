import { describe, expect, it } from 'vitest';
import { escapeHtml } from './layout.ts';
import { EMAIL_LOCALES, EMAIL_MESSAGES, resolveEmailLocale } from './messages.ts';
import { EMAIL_TEMPLATES, type EmailContent, renderEmail } from './templates.ts';

const URL = 'https://hora.test/verify-email?t=abc123';
const AT = new Date('2025-05-12T14:03:00Z');
const TX = {
  firstName: 'Lucía',
  url: URL,
  listingTitle: 'Sala luminosa',
  bookingDates: 'lun, 24 nov 2025, 10:00–12:00',
};
const SAMPLES: Record<(typeof EMAIL_TEMPLATES)[number], EmailContent> = {
  'verify-email': { template: 'verify-email', data: { firstName: 'Lucía', url: URL } },
  'reset-password': { template: 'reset-password', data: { firstName: 'Lucía', url: URL } },
  'verify-new-email': {
    template: 'verify-new-email',
    data: { firstName: 'Lucía', url: URL, newEmail: 'lucia.nueva@example.com' },
  },
  'email-change-requested': {
    template: 'email-change-requested',
    data: { firstName: 'Lucía', url: URL, maskedNewEmail: 'l****a@e*****.com', at: AT },
  },
  'password-changed': {
    template: 'password-changed',
    data: { firstName: 'Lucía', url: URL, how: 'settings', at: AT },
  },
  'transaction-new-request': {
    template: 'transaction-new-request',
    data: { ...TX, customerName: 'Ana R', message: '¿Puedo llegar 10 minutos antes?' },
  },
  'transaction-accepted': { template: 'transaction-accepted', data: TX },
  'transaction-declined': { template: 'transaction-declined', data: TX },
  'transaction-expired': { template: 'transaction-expired', data: TX },
  'transaction-payment-expired': { template: 'transaction-payment-expired', data: TX },
  'transaction-canceled': { template: 'transaction-canceled', data: TX },
  'transaction-completed': { template: 'transaction-completed', data: { ...TX, role: 'provider' } },
  'transaction-new-message': {
    template: 'transaction-new-message',
    data: { ...TX, senderName: 'Ana R', message: '¿Hay proyector?' },
  },
  'transaction-receipt': {
    template: 'transaction-receipt',
    data: {
      ...TX,
      lines: [{ kind: 'units', quantity: '2', unitPrice: '25,00 €', amount: '50,00 €' }],
      total: '50,00 €',
    },
  },
};

describe('email catalogues', () => {
  it('have the same keys in Spanish and English, none empty', () => {
    expect(Object.keys(EMAIL_MESSAGES.en).sort()).toEqual(Object.keys(EMAIL_MESSAGES.es).sort());
    for (const locale of EMAIL_LOCALES) {
      for (const [key, message] of Object.entries(EMAIL_MESSAGES[locale])) {
        expect(message.trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it('have every part of every template', () => {
    for (const locale of EMAIL_LOCALES) {
      for (const template of EMAIL_TEMPLATES) {
        for (const part of ['subject', 'intro', 'action', 'outro']) {
          expect(EMAIL_MESSAGES[locale], `${locale} ${template}`).toHaveProperty([`${template}.${part}`]);
        }
      }
    }
  });
});

describe('resolveEmailLocale', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['fr', 'es'],
    ['', 'es'],
    [null, 'es'],
    [undefined, 'es'],
  ] as const)('reads %s as %s', (input, expected) => {
    expect(resolveEmailLocale(input)).toBe(expected);
  });
});

describe('renderEmail', () => {
  const render = (content: EmailContent, locale: 'es' | 'en', marketplaceName = 'Hora') =>
    renderEmail(content, { locale, marketplaceName });

  it.each(EMAIL_LOCALES)('renders every template in %s with the brand, greeting and link', (locale) => {
    for (const template of EMAIL_TEMPLATES) {
      const email = render(SAMPLES[template], locale, 'Espacios Sol');
      expect(email.subject).toContain('Espacios Sol');
      expect(email.html).toContain(`<html lang="${locale}">`);
      expect(email.html).toContain('Espacios Sol');
      expect(email.html).toContain(`<a href="${URL}"`);
      expect(email.html).toContain(`<title>${email.subject}</title>`);
      expect(email.text).toContain(URL);
      expect(email.text).toContain('Lucía');
      expect(email.text).not.toMatch(/<[a-z]/i);
    }
  });

  it('writes the booking, the customer message and the receipt lines of transaction emails', () => {
    const request = render(SAMPLES['transaction-new-request'], 'es');
    expect(request.subject).toBe('Hora: nueva solicitud de reserva de Ana R en Sala luminosa');
    expect(request.text).toContain('Reserva: lun, 24 nov 2025, 10:00–12:00');
    expect(request.text).toContain('Su mensaje:\n> ¿Puedo llegar 10 minutos antes?');
    expect(request.html).toContain('<blockquote');
    const receipt = render(SAMPLES['transaction-receipt'], 'en');
    expect(receipt.text).toContain('2 h × 25,00 €: 50,00 €');
    expect(receipt.text).toContain('Total: 50,00 €');
    expect(receipt.html).toContain('>Total</td>');
    const completed = render(SAMPLES['transaction-completed'], 'en');
    expect(completed.text).toContain('transferring the payment');
    // A message with markup is shown as text, never as HTML.
    const hostile = render(
      { template: 'transaction-new-request', data: { ...TX, customerName: 'X', message: '<img src=x>' } },
      'en',
    );
    expect(hostile.html).toContain('&lt;img src=x&gt;');
    expect(hostile.html).not.toContain('<img');
  });

  it('writes the verification email in Spanish and in English', () => {
    const es = render(SAMPLES['verify-email'], 'es');
    expect(es.subject).toBe('Confirma tu dirección de correo en Hora');
    expect(es.text).toMatch(/^Hola, Lucía:/);
    expect(es.html).toContain('>Confirmar mi correo</a>');
    const en = render(SAMPLES['verify-email'], 'en');
    expect(en.subject).toBe('Confirm your email address on Hora');
    expect(en.text).toMatch(/^Hi Lucía,/);
    expect(en.html).toContain('>Confirm my email</a>');
  });

  it('says the reset link expires in 1 hour and can be ignored', () => {
    const es = render(SAMPLES['reset-password'], 'es');
    expect(es.subject).toBe('Restablece tu contraseña de Hora');
    expect(es.text).toContain('caduca en 1 hora');
    expect(es.text).toContain('ignora este correo');
    const en = render(SAMPLES['reset-password'], 'en');
    expect(en.subject).toBe('Reset your Hora password');
    expect(en.text).toContain('expires in 1 hour');
    expect(en.text).toContain('ignore this email');
  });

  it('names the new address in the change-of-email email', () => {
    for (const locale of EMAIL_LOCALES) {
      const email = render(SAMPLES['verify-new-email'], locale);
      expect(email.text).toContain('lucia.nueva@example.com');
      expect(email.html).toContain('lucia.nueva@example.com');
    }
  });

  it('tells the old address when and to what (masked) the email is changing, and how to react', () => {
    const es = render(SAMPLES['email-change-requested'], 'es');
    expect(es.subject).toBe('Se ha pedido cambiar el correo de tu cuenta de Hora');
    expect(es.text).toContain('El 12 de mayo de 2025 a las 14:03 UTC se pidió cambiar el correo');
    expect(es.text).toContain('a l****a@e*****.com.');
    expect(es.text).toContain('Si no has sido tú');
    const en = render(SAMPLES['email-change-requested'], 'en');
    expect(en.subject).toBe('A change of email was requested for your Hora account');
    expect(en.text).toContain('On May 12, 2025 at 2:03 PM UTC, someone asked to change the email');
    expect(en.text).toContain('to l****a@e*****.com.');
    expect(en.text).toContain('If it was not you');
  });

  it('says how and when the password changed, in UTC whatever the server’s time zone', () => {
    const reset = {
      ...SAMPLES['password-changed'],
      data: { ...SAMPLES['password-changed'].data, how: 'reset' },
    };
    const serverTimeZone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect(render(SAMPLES['password-changed'], 'es').text).toContain(
        'el 12 de mayo de 2025 a las 14:03 UTC.',
      );
    } finally {
      process.env.TZ = serverTimeZone;
    }
    expect(render(SAMPLES['password-changed'], 'es').text).toContain(
      'La contraseña de tu cuenta de Hora se cambió desde los ajustes de la cuenta el 12 de mayo de 2025 a las 14:03 UTC.',
    );
    expect(render(reset as EmailContent, 'es').text).toContain(
      'se restableció con un enlace enviado a este correo el 12 de mayo de 2025 a las 14:03 UTC.',
    );
    const en = render(SAMPLES['password-changed'], 'en');
    expect(en.subject).toBe('Your Hora password was changed');
    expect(en.text).toContain('was changed in the account settings on May 12, 2025 at 2:03 PM UTC.');
    expect(render(reset as EmailContent, 'en').text).toContain('was reset with a link sent to this email');
    expect(en.html).toContain('>Secure my account</a>');
  });

  it('escapes names, addresses, brand and link in the HTML, and only there', () => {
    const hostile = '<script>alert("x")</script> & Co\'s';
    const url = 'https://hora.test/verify-email?t=a&b="c"';
    const email = render(
      {
        template: 'verify-new-email',
        data: { firstName: hostile, url, newEmail: '"><img src=x onerror=alert(1)>@example.com' },
      },
      'en',
      'Rent & <Go>',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<Go>');
    expect(email.html).toContain(escapeHtml(hostile));
    expect(email.html).toContain('Rent &amp; &lt;Go&gt;');
    expect(email.html).toContain('href="https://hora.test/verify-email?t=a&amp;b=&quot;c&quot;"');
    expect(email.text).toContain(hostile);
    expect(email.text).toContain(url);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      render({ template: 'verify-email', data: { firstName: 'Ana', url: 'javascript:alert(1)' } }, 'es'),
    ).toThrow(/http\(s\)/);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
