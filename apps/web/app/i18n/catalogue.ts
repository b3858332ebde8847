import { type JsonText, parseJsonText, toJsonText } from '../json-text.ts';
import type { Locale } from './locales.ts';
import type { Namespace } from './namespaces.ts';

export type Messages = Record<string, string>;

/** Messages as the JSON text they travel in, from a loader to the page (decision 0074). */
export type SerializedMessages = JsonText<Messages>;

export function serializeMessages(messages: Messages): SerializedMessages {
  return toJsonText(messages);
}

/** The few texts a page can carry (language × namespace set), each parsed once. */
const parsedMessages = new Map<string, Readonly<Messages>>();
const PARSED_MESSAGES_LIMIT = 64;

/**
 * The messages a serialized text holds: the same frozen object for the same text, so the merges of
 * the routes' messages (`mergeMessages`) find it in their cache render after render.
 */
export function parseMessages(serialized: SerializedMessages): Messages {
  const known = parsedMessages.get(serialized);
  if (known) return known as Messages;
  // Only the app's own loaders write these, so the set stays small; the limit only bounds it.
  if (parsedMessages.size >= PARSED_MESSAGES_LIMIT) parsedMessages.clear();
  const messages = Object.freeze(parseJsonText(serialized));
  parsedMessages.set(serialized, messages);
  return messages as Messages;
}

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
