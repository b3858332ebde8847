import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from './locales.ts';
import { type CompiledMessage, compileMessage, type MessageValue } from './message-format.ts';

export type MessageValues = Record<string, MessageValue>;
export type Translate = (key: string, values?: MessageValues) => string;

interface I18n {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

// Compiled messages outlive a request: the same few hundred texts render on every page, and
// parsing ICU is most of what a translation costs. Keyed by locale and source text, so the cache
// is bounded by the catalogue's size.
const compiledMessages = new Map<string, CompiledMessage>();
/** Text with no ICU syntax (arguments, quotes, tags) reads as itself. */
const PLAIN_TEXT = /^[^{}'<]*$/;

function compile(source: string, locale: Locale): CompiledMessage {
  const cacheKey = `${locale}\u0000${source}`;
  let format = compiledMessages.get(cacheKey);
  if (!format) {
    format = compileMessage(source, locale);
    compiledMessages.set(cacheKey, format);
  }
  return format;
}

/** ICU message formatting over one locale's catalogue. */
export function createTranslator(locale: Locale, messages: Record<string, string>): Translate {
  return (key, values) => {
    const source = messages[key];
    if (source === undefined) return key;
    if (PLAIN_TEXT.test(source)) return source;
    return compile(source, locale).format(values);
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
