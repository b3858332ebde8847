import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from './locales.ts';

export type MessageValues = Record<string, PrimitiveType>;
export type Translate = (key: string, values?: MessageValues) => string;

interface I18n {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

/** ICU message formatting over one locale's catalogue; compiled messages are cached per key. */
export function createTranslator(locale: Locale, messages: Record<string, string>): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    const source = messages[key];
    if (source === undefined) return key;
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(source, locale);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}

export function I18nProvider(props: {
  locale: Locale;
  messages: Record<string, string>;
  children: ReactNode;
}) {
  const { locale, messages, children } = props;
  const value = useMemo(() => ({ locale, t: createTranslator(locale, messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n must be used inside <I18nProvider>');
  return i18n;
}

export function useT(): Translate {
  return useI18n().t;
}
