import type { Locale } from '../../i18n/locales.ts';

/** The `Intl` locale of each language of the app: Spain's Spanish, British English. */
export const INTL_LOCALE: Record<Locale, string> = { es: 'es-ES', en: 'en-GB' };

/** Spanish writes decimals with a comma. */
export function usesDecimalComma(locale: Locale): boolean {
  return locale === 'es';
}
