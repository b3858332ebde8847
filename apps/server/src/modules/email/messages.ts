import { type Formats, IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };

export const EMAIL_LOCALES = ['es', 'en'] as const;
export type EmailLocale = (typeof EMAIL_LOCALES)[number];

/** Spanish is the marketplace's first language, so anything unknown reads Spanish. */
export function resolveEmailLocale(locale: string | null | undefined): EmailLocale {
  return (EMAIL_LOCALES as readonly string[]).includes(locale ?? '') ? (locale as EmailLocale) : 'es';
}

export type EmailMessageKey = keyof typeof es;

/** Typing the English catalogue by the Spanish keys makes a key missing in one language a type error. */
export const EMAIL_MESSAGES: Record<EmailLocale, Record<EmailMessageKey, string>> = { es, en };

export type EmailTranslate = (key: EmailMessageKey, values: Record<string, PrimitiveType>) => string;

/**
 * `{at, date, moment}`: a date and time in UTC, named as such. The server knows no one's time zone,
 * and a notice of a security event must say unambiguously when it happened.
 */
const EMAIL_FORMATS: Partial<Formats> = {
  date: {
    moment: {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    },
  },
};

const compiled = new Map<string, IntlMessageFormat>();

/** ICU formatting over one language's email catalogue; each message is compiled once per process. */
export function emailTranslator(locale: EmailLocale): EmailTranslate {
  return (key, values) => {
    const cacheKey = `${locale}:${key}`;
    let format = compiled.get(cacheKey);
    if (!format) {
      format = new IntlMessageFormat(EMAIL_MESSAGES[locale][key], locale, EMAIL_FORMATS);
      compiled.set(cacheKey, format);
    }
    return String(format.format(values));
  };
}
