import { parseCookies } from '../features/routing/cookies.ts';
import {
  type Messages,
  namespaceCatalogue,
  type SerializedMessages,
  serializeMessages,
} from './catalogue.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from './locales.ts';
import { NAMESPACES, type Namespace } from './namespaces.ts';

export type { Messages };

// The spec asks non-English locales to fall back to English text for any key they lack.
const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        { ...namespaceCatalogue('en', namespace), ...namespaceCatalogue(locale, namespace) },
      ]),
    ),
  ]),
) as Record<Locale, Record<Namespace, Messages>>;

const serialized = new Map<string, SerializedMessages>();

/**
 * Only the visitor's language, and only the namespaces asked for, travel to the browser, as one
 * JSON text (decision 0074). Each combination is merged and serialized once and the same text
 * handed out after.
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): SerializedMessages {
  const key = `${locale}:${namespaces.join(',')}`;
  const known = serialized.get(key);
  if (known) return known;
  const messages: Messages = Object.assign(
    {},
    ...namespaces.map((namespace) => catalogues[locale][namespace]),
  );
  const text = serializeMessages(messages);
  serialized.set(key, text);
  return text;
}

/** The language the visitor chose (a cookie set by the /locale action), or the default one. */
export function requestLocale(request: Request): Locale {
  const requested = parseCookies(request.headers.get('cookie'))[LOCALE_COOKIE];
  return isLocale(requested) ? requested : DEFAULT_LOCALE;
}
