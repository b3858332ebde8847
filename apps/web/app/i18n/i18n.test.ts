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
});
