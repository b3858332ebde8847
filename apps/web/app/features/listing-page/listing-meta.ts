import { listingCanonicalPath } from '@hora/core/search';
import { truncateText } from '@hora/core/text';
import type { MetaDescriptor } from 'react-router';
import { type MetaArgsLike, rootMetaData, seoMeta } from '../seo/meta.ts';
import { listingJsonLd } from './json-ld.ts';
import { largestVariant } from './listing-images.ts';
import type { ListingPageData } from './listing-page-loader.ts';
import { priceDisplayOf } from './listing-price.ts';

/** Search results show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

/**
 * The listing page's head: its title and description, the cover's largest JPEG as the social
 * image, the canonical `/l/:id` URL, an Open Graph `place` with its position, and the JSON-LD of
 * the space. The variant page (drafts, pending approval) stays out of search engines.
 */
export function listingMeta(args: MetaArgsLike, page: ListingPageData | undefined): MetaDescriptor[] {
  if (!page) return seoMeta(args, { titleKey: 'notFound.title', noindex: true });
  const { listing } = page;
  const published = listing.state === 'published' || listing.state === 'closed';
  const description = truncateText(listing.description.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH).text;
  const cover = listing.images[0] ? largestVariant(listing.images[0]) : null;
  const root = rootMetaData(args);
  const extra: MetaDescriptor[] = [];
  if (published && root) {
    if (listing.geolocation) {
      extra.push(
        { property: 'place:location:latitude', content: String(listing.geolocation.lat) },
        { property: 'place:location:longitude', content: String(listing.geolocation.lng) },
      );
    }
    extra.push({
      'script:ld+json': listingJsonLd(listing, {
        url: `${root.config.publicUrl}${listingCanonicalPath(listing.id)}`,
        publicUrl: root.config.publicUrl,
        address: page.address,
        price: priceDisplayOf(listing, 'es'),
      }),
    });
  }
  return seoMeta(args, {
    titleKey: published ? 'listing.meta.title' : 'listing.meta.variantTitle',
    descriptionKey: 'listing.meta.description',
    values: { title: listing.title, description },
    noindex: !published,
    ogType: published && listing.geolocation ? 'place' : 'website',
    ...(cover
      ? { image: { facebook: cover.jpeg, twitter: cover.jpeg, width: cover.width, height: cover.height } }
      : {}),
    extra,
  });
}
