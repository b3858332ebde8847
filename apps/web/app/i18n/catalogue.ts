import type { Locale } from './locales.ts';
import type { Namespace } from './namespaces.ts';

export type Messages = Record<string, string>;

/**
 * Each feature keeps its texts in `messages/<locale>/<namespace>.json`; a locale's catalogue is all
 * of its files merged. A key defined twice is a mistake the catalogue test reports.
 */
const files = {
  es: import.meta.glob<Messages>('./messages/es/*.json', { eager: true, import: 'default' }),
  en: import.meta.glob<Messages>('./messages/en/*.json', { eager: true, import: 'default' }),
} satisfies Record<Locale, Record<string, Messages>>;

export function catalogueFiles(locale: Locale): Record<string, Messages> {
  return files[locale];
}

export function mergedCatalogue(locale: Locale): Messages {
  return Object.assign({}, ...Object.values(files[locale]));
}

/** One namespace's texts in one locale (empty when the file does not exist). */
export function namespaceCatalogue(locale: Locale, namespace: Namespace): Messages {
  return files[locale][`./messages/${locale}/${namespace}.json`] ?? {};
}
