import { parseCookies } from '../features/routing/cookies.ts';
import { type Messages, namespaceCatalogue } from './catalogue.ts';
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

const merged = new Map<string, Readonly<Messages>>();

/**
 * Only the visitor's language, and only the namespaces asked for, travel to the browser. Each
 * combination is merged once and the same frozen object returned after, so the merges of the
 * routes' messages on every render (`mergeMessages`) find it in their cache.
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const key = `${locale}:${namespaces.join(',')}`;
  const known = merged.get(key);
  if (known) return known as Messages;
  const messages: Messages = Object.freeze(
    Object.assign({}, ...namespaces.map((namespace) => catalogues[locale][namespace])),
  );
  merged.set(key, messages);
  return messages;
}

/** The language the visitor chose (a cookie set by the /locale action), or the default one. */
export function requestLocale(request: Request): Locale {
  const requested = parseCookies(request.headers.get('cookie'))[LOCALE_COOKIE];
  return isLocale(requested) ? requested : DEFAULT_LOCALE;
}
