import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { type CaptchaConfig, CaptchaField } from './captcha-field.tsx';

function render(config: CaptchaConfig, locale: 'es' | 'en' = 'es') {
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <CaptchaField name="captcha" config={config} onSolvedChange={() => {}} />
    </I18nProvider>,
  );
}

describe('CaptchaField on the server render', () => {
  it('starts the ALTCHA check with an empty token and a status line', () => {
    const html = render({ kind: 'altcha' });
    expect(html).toMatch(/<input type="hidden" name="captcha" value=""\/>/);
    expect(html).toMatch(/<p role="status"[^>]*>Comprobando que no eres un robot…<\/p>/);
    expect(html).not.toContain('<button');
  });

  it('speaks English too', () => {
    expect(render({ kind: 'altcha' }, 'en')).toContain('Checking that you are not a robot…');
  });

  it('waits for the reCAPTCHA widget with an empty token', () => {
    const html = render({ kind: 'recaptcha', siteKey: 'site-key' });
    expect(html).toMatch(/<input type="hidden" name="captcha" value=""\/>/);
    expect(html).toMatch(/<p role="status"[^>]*>Cargando la verificación…<\/p>/);
    expect(html).not.toContain('site-key');
  });
});
