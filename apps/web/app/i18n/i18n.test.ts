import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n.tsx';

describe('createTranslator', () => {
  it('formats ICU messages with values and plurals in the given locale', () => {
    const t = createTranslator('es', {
      greeting: 'Hola, {name}',
      listings: '{count, plural, one {# anuncio} other {# anuncios}}',
    });
    expect(t('greeting', { name: 'Lucía' })).toBe('Hola, Lucía');
    expect(t('listings', { count: 1 })).toBe('1 anuncio');
    expect(t('listings', { count: 1200 })).toBe('1200 anuncios');
  });

  it('shows the key of a message that does not exist, so a gap is visible instead of blank', () => {
    expect(createTranslator('en', {})('topbar.missing')).toBe('topbar.missing');
  });

  it('reads plain text as itself and still formats ICU quoting', () => {
    const t = createTranslator('es', {
      plain: 'Tus anuncios #1',
      quoted: "Escribe '{'nombre'}' tal cual",
    });
    expect(t('plain')).toBe('Tus anuncios #1');
    expect(t('quoted')).toBe('Escribe {nombre} tal cual');
  });

  it('formats one source text per locale, even when the compiled form is shared between requests', () => {
    const source = { total: '{n, number} €' };
    expect(createTranslator('es', source)('total', { n: 12345.5 })).toBe('12.345,5 €');
    expect(createTranslator('en', source)('total', { n: 12345.5 })).toBe('12,345.5 €');
    expect(createTranslator('es', source)('total', { n: 2 })).toBe('2 €');
  });
});
