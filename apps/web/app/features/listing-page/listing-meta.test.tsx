import type { ListingView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Meta, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue, serializeMessages } from '../../i18n/catalogue.ts';
import { NO_REVIEWS } from '../reviews/reviews.fixture.ts';
import { LISTING_ID, listing } from './listing.fixture.ts';
import { listingMeta } from './listing-meta.ts';
import type { ListingPageData } from './listing-page-loader.ts';

const PAGE = `/l/sala-luminosa-en-malasana/${LISTING_ID}`;

const root = {
  id: 'root',
  loaderData: {
    locale: 'es',
    messages: serializeMessages(mergedCatalogue('es')),
    config: { marketplaceName: 'Hora', publicUrl: 'https://hora.es', blogUrl: undefined, social: {} },
  },
};

function pageData(view: ListingView, overrides: Partial<ListingPageData> = {}): ListingPageData {
  return {
    listing: view,
    isOwner: false,
    signedIn: false,
    favourited: false,
    address: view.location?.address ?? null,
    fuzzy: false,
    booking: null,
    reviews: NO_REVIEWS,
    ...overrides,
  };
}

function metaOf(view: ListingView, pathname = PAGE, overrides: Partial<ListingPageData> = {}) {
  return listingMeta({ location: { pathname }, matches: [root] }, pageData(view, overrides));
}

function find(meta: ReturnType<typeof metaOf>, key: string, value: string) {
  return meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;
}

function jsonLd(meta: ReturnType<typeof metaOf>) {
  return (
    meta.find((entry) => 'script:ld+json' in entry) as
      | { 'script:ld+json': Record<string, unknown> }
      | undefined
  )?.['script:ld+json'];
}

describe('listingMeta', () => {
  it('titles the page with the listing and describes it with the start of its description', () => {
    const meta = metaOf(listing({ description: `${'Luz natural. '.repeat(20)}\n\nFin.` }));
    expect(meta).toContainEqual({ title: 'Sala luminosa en Malasaña | Hora' });
    const description = find(meta, 'name', 'description')?.content ?? '';
    expect(description.startsWith('Luz natural. Luz natural.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toContain('\n');
    expect(find(meta, 'property', 'og:title')?.content).toBe('Sala luminosa en Malasaña | Hora');
  });

  it('points canonical and og:url at /l/:id, without the slug', () => {
    const meta = metaOf(listing());
    expect(find(meta, 'rel', 'canonical')?.href).toBe(`https://hora.es/l/${LISTING_ID}`);
    expect(find(meta, 'property', 'og:url')?.content).toBe(`https://hora.es/l/${LISTING_ID}`);
  });

  it('shares the cover’s largest JPEG, as an absolute URL, for Open Graph and Twitter', () => {
    const meta = metaOf(listing());
    const cover =
      'https://hora.es/uploads/listings/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/landscape-crop2x.jpg';
    expect(find(meta, 'property', 'og:image')?.content).toBe(cover);
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('800');
    expect(find(meta, 'property', 'og:image:height')?.content).toBe('533');
    expect(find(meta, 'name', 'twitter:image')?.content).toBe(cover);
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
  });

  it('falls back to the marketplace’s social image for a listing without photos', () => {
    const meta = metaOf(listing({ images: [] }));
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://hora.es/social/facebook-1200x630.png');
  });

  it('is an Open Graph place at the listing’s position', () => {
    const meta = metaOf(listing());
    expect(find(meta, 'property', 'og:type')?.content).toBe('place');
    expect(find(meta, 'property', 'place:location:latitude')?.content).toBe('40.4232');
    expect(find(meta, 'property', 'place:location:longitude')?.content).toBe('-3.7058');
  });

  it('describes the place in JSON-LD: position, address shown, photos, capacity and hourly price in EUR', () => {
    expect(jsonLd(metaOf(listing()))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': `https://hora.es/l/${LISTING_ID}`,
      url: `https://hora.es/l/${LISTING_ID}`,
      name: 'Sala luminosa en Malasaña',
      description: 'Una sala con luz natural.\n\nWifi y proyector incluidos.',
      image: [
        'https://hora.es/uploads/listings/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/landscape-crop2x.jpg',
        'https://hora.es/uploads/listings/2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a/landscape-crop2x.jpg',
      ],
      address: 'Calle del Pez 21, 28004 Madrid, España',
      geo: { '@type': 'GeoCoordinates', latitude: 40.4232, longitude: -3.7058 },
      maximumAttendeeCapacity: 12,
      makesOffer: {
        '@type': 'Offer',
        priceCurrency: 'EUR',
        price: '25.00',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '25.00',
          priceCurrency: 'EUR',
          unitCode: 'HUR',
        },
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives a negotiable listing a price range, and a closed one no availability', () => {
    const data = jsonLd(metaOf(listing({ negotiation: 'yes', minPrice: 20, maxPrice: 30, state: 'closed' })));
    expect(data?.makesOffer).toEqual({
      '@type': 'AggregateOffer',
      priceCurrency: 'EUR',
      lowPrice: '20.00',
      highPrice: '30.00',
      availability: 'https://schema.org/Discontinued',
    });
  });

  it('keeps a fuzzy location fuzzy: only the area the page shows', () => {
    const data = jsonLd(metaOf(listing(), PAGE, { fuzzy: true, address: 'Madrid, España' }));
    expect(data?.address).toBe('Madrid, España');
  });

  it('keeps drafts and listings pending approval out of search engines, without structured data', () => {
    const meta = metaOf(listing({ state: 'draft' }), `${PAGE}/draft`);
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
    expect(meta).toContainEqual({ title: 'Vista previa: Sala luminosa en Malasaña | Hora' });
    expect(jsonLd(meta)).toBeUndefined();
    expect(find(meta, 'property', 'og:type')?.content).toBe('website');
  });

  it('names a page that was not found as such', () => {
    const meta = listingMeta({ location: { pathname: PAGE }, matches: [root] }, undefined);
    expect(meta).toContainEqual({ title: 'No encontramos esta página | Hora' });
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
  });
});

describe('the head of a listing page, as React Router writes it', () => {
  function renderHead(view: ListingView): string {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        Component: () => (
          <>
            <Meta />
            <Outlet />
          </>
        ),
        children: [
          {
            id: 'listing',
            path: 'l/:slug/:id',
            Component: () => null,
            meta: ({ location, matches, loaderData }) =>
              listingMeta({ location, matches: [root, ...matches.slice(1)] }, loaderData as ListingPageData),
          },
        ],
      },
    ]);
    return renderToString(
      <Stub
        initialEntries={[PAGE]}
        hydrationData={{ loaderData: { root: root.loaderData, listing: pageData(view) } }}
      />,
    );
  }

  it('cannot be broken out of by a title that closes the script (JSON-LD is escaped)', () => {
    const title = '</script><script>alert(1)</script><!--';
    const html = renderHead(listing({ title, description: 'Sala & <b>terraza</b>' }));
    const script = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(script).not.toBeNull();
    expect(html).not.toContain('<script>alert(1)');
    expect(script?.[1]).not.toMatch(/[<>]/);
    // The escaped text still reads back as the same title.
    expect(JSON.parse(script?.[1] ?? '{}').name).toBe(title);
    // Attributes are escaped by React: the title tag holds it as text.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
