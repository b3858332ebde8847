import type { Locale } from './locales.ts';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };

export type Messages = Record<string, string>;

// The spec asks non-English locales to fall back to English text for any key they lack.
const catalogues: Record<Locale, Messages> = { en, es: { ...en, ...es } };

/** Only the visitor's language travels to the browser, inside the root loader's data. */
export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
