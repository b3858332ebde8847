export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const LOCALE_COOKIE = 'hora_locale';
/** The action that stores the chosen language: the only way the locale of a page changes. */
export const LOCALE_ACTION = '/locale';
/** One year: the language choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Open Graph wants territory-qualified locales. */
export const OG_LOCALE: Record<Locale, string> = { es: 'es_ES', en: 'en_GB' };
