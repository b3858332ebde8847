import { type Messages, mergedCatalogue } from './catalogue.ts';
import type { Locale } from './locales.ts';

export type { Messages };

// The spec asks non-English locales to fall back to English text for any key they lack.
const catalogues: Record<Locale, Messages> = {
  en: mergedCatalogue('en'),
  es: { ...mergedCatalogue('en'), ...mergedCatalogue('es') },
};

/** Only the visitor's language travels to the browser, inside the root loader's data. */
export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
