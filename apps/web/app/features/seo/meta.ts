import { canonicalPath } from '@hora/core/search';
import type { MetaDescriptor } from 'react-router';
import type { PublicConfig } from '../../context.ts';
import { createTranslator, type MessageValues } from '../../i18n/i18n.tsx';
import { DEFAULT_LOCALE, isLocale, OG_LOCALE } from '../../i18n/locales.ts';
import { mergeMessages, messagesOfMatches } from '../../i18n/route-messages.ts';

interface RootMetaData {
  locale: string;
  config: PublicConfig;
}

export interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown; data?: unknown; handle?: unknown } | undefined)[];
}

export interface PageMeta {
  /** Message key of the page title; the marketplace name is appended. Omitted: the default title. */
  titleKey?: string;
  descriptionKey?: string;
  values?: MessageValues;
  /** Pages that must stay out of search results (errors, private pages). */
  noindex?: boolean;
  /** Absolute or root-relative; defaults to the marketplace's social images. */
  image?: { facebook: string; twitter: string; width?: number; height?: number };
  /** Open Graph type: `website` unless the page is one thing (a listing is a `place`). */
  ogType?: string;
  /** Tags of this page only (Open Graph properties of its type, JSON-LD), after the common ones. */
  extra?: MetaDescriptor[];
}

const DEFAULT_IMAGE = {
  facebook: '/social/facebook-1200x630.png',
  twitter: '/social/twitter-600x314.png',
  width: 1200,
  height: 630,
};

/** The root loader's locale and public configuration, as a meta function sees them. */
export function rootMetaData(args: Pick<MetaArgsLike, 'matches'>): RootMetaData | undefined {
  const rootMatch = args.matches.find((match) => match?.id === 'root');
  return (rootMatch?.loaderData ?? rootMatch?.data) as RootMetaData | undefined;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter cards for a page. React Router keeps only
 * the deepest route's meta, so every route builds its full set through this one function.
 */
export function seoMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const root = rootMetaData(args);
  if (!root) return [];
  const locale = isLocale(root.locale) ? root.locale : DEFAULT_LOCALE;
  // Titles are the page's texts, so they come from its messages as well as the shell's.
  const t = createTranslator(locale, mergeMessages(messagesOfMatches(args.matches)));
  const name = root.config.marketplaceName;
  const values = { marketplace: name, ...page.values };
  const title = page.titleKey
    ? t('seo.titleTemplate', { page: t(page.titleKey, values), marketplace: name })
    : t('seo.default.title', values);
  const description = t(page.descriptionKey ?? 'seo.default.description', values);
  // Spec part 1 §2: a listing's canonical path drops its slug (`/l/:id`); other paths are their own.
  const url = `${root.config.publicUrl}${canonicalPath(args.location.pathname)}`;
  const absolute = (path: string) => (path.startsWith('http') ? path : `${root.config.publicUrl}${path}`);
  const image = page.image ?? DEFAULT_IMAGE;

  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: name },
    { property: 'og:type', content: page.ogType ?? 'website' },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: absolute(image.facebook) },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: absolute(image.twitter) },
    ...(page.extra ?? []),
  ];
}
