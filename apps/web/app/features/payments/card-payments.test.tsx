import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { AuthenticationDialog, CardField, useCardPayments } from './card-payments.tsx';

function render(element: React.ReactNode, locale: 'es' | 'en' = 'es'): string {
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      {element}
    </I18nProvider>,
  );
}

const noop = () => undefined;

describe('<CardField> with the sandbox', () => {
  it('has a labelled input for number, expiry, CVC and postal code, with the card autocomplete names', () => {
    const html = render(
      <CardField provider={{ kind: 'sandbox' }} onChange={noop} handleRef={null} postalCode="08001" />,
    );
    expect(html).toContain('<legend class="field__label">Datos de la tarjeta</legend>');
    for (const [label, autocomplete] of [
      ['Número de tarjeta', 'cc-number'],
      ['Caducidad (MM/AA)', 'cc-exp'],
      ['CVC', 'cc-csc'],
      ['Código postal', 'postal-code'],
    ] as const) {
      const labelFor = new RegExp(
        `<label for="([^"]+)" class="field__label">${label.replace(/[()]/g, '\\$&')}</label>`,
      ).exec(html)?.[1];
      expect(labelFor, label).toBeDefined();
      expect(html).toMatch(new RegExp(`id="${labelFor}"[^>]*autocomplete="${autocomplete}"`, 'i'));
    }
    // The postal code starts as the billing address's.
    expect(html).toContain('value="08001"');
    // No cardholder name: checkout has it.
    expect(html).not.toContain('cc-name');
    // No input has a name: a form around the field never posts the card to our server.
    expect(html).not.toMatch(/<input[^>]* name=/);
  });

  it('speaks English too', () => {
    const html = render(<CardField provider={{ kind: 'sandbox' }} onChange={noop} handleRef={null} />, 'en');
    expect(html).toContain('Card number');
    expect(html).toContain('Expiry (MM/YY)');
    expect(html).toContain('4242 4242 4242 4242');
  });
});

describe('<CardField> with Stripe', () => {
  it('renders the place for Stripe’s card element and none of our own card inputs', () => {
    const html = render(
      <CardField
        provider={{ kind: 'stripe', publishableKey: 'pk_test_x' }}
        onChange={noop}
        handleRef={null}
      />,
    );
    expect(html).toContain('class="card-field__stripe"');
    expect(html).not.toContain('cc-number');
  });
});

describe('the authentication dialog', () => {
  it('is a modal titled "Autenticación de la tarjeta" with a button to complete and one to fail', () => {
    const html = render(<AuthenticationDialog kind="payment" onChoose={noop} />);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain('Autenticación de la tarjeta');
    expect(html).toContain('Completar la autenticación');
    expect(html).toContain('Hacer que falle');
  });

  it('is not shown until a card asks for authentication', () => {
    function Page() {
      const payments = useCardPayments({ kind: 'sandbox' });
      return <div>{payments.dialog}</div>;
    }
    expect(render(<Page />)).toBe('<div></div>');
  });
});
