import { describe, expect, it } from 'vitest';
import type { WebContext } from '../context.ts';
import { listingCard } from '../features/listing-card/card.fixture.ts';
import { fakeContext, LISTING_ID } from '../features/listing-page/listing.fixture.ts';
import { mergedCatalogue, serializeMessages } from '../i18n/catalogue.ts';
import { parseJsonText, toJsonText } from '../json-text.ts';
import { loader, meta } from './search.tsx';

type Args = Parameters<typeof loader>[0];

const CARD = listingCard({ id: LISTING_ID });

const FOUND = {
  status: 200,
  body: { data: [CARD], meta: { page: 1, perPage: 24, totalItems: 1, totalPages: 1 } },
};

async function load(path: string, context: WebContext) {
  try {
    return await loader({
      request: new Request(`http://hora.test${path}`),
      context,
      params: {},
    } as unknown as Args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const MADRID = {
  id: 'geonames:3117735',
  address: 'Madrid, Comunidad de Madrid, España',
  origin: { lat: 40.4165, lng: -3.70256 },
  bounds: { ne: { lat: 40.56, lng: -3.52 }, sw: { lat: 40.31, lng: -3.83 } },
  type: 'city',
  countryCode: 'ES',
};

describe('/s with a typed place and favourites', () => {
  it('stands the geocoder’s best match for a place typed but not picked, keeping the filters', async () => {
    const { context, calls } = fakeContext(null, {
      '/api/geocoding/predictions?': { status: 200, body: { data: [MADRID] } },
    });
    const response = (await load('/s?address=madrid&pub_category=cocina&page=3', context)) as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '', 'http://hora.test');
    expect(location.pathname).toBe('/s');
    expect(location.searchParams.get('address')).toBe(MADRID.address);
    expect(location.searchParams.get('bounds')).toBe('40.56,-3.52,40.31,-3.83');
    expect(location.searchParams.get('pub_category')).toBe('cocina');
    expect(location.searchParams.get('page')).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/listings'))).toBe(false);
  });

  it('searches everywhere and says so when the place is unknown or the geocoder is down', async () => {
    for (const [answer, notice] of [
      [{ status: 200, body: { data: [] } }, 'not-found'],
      [{ status: 503, body: null }, 'unavailable'],
    ] as const) {
      const { context, calls } = fakeContext(null, {
        '/api/geocoding/predictions?': answer,
        '/api/listings?': FOUND,
      });
      const page = await load('/s?address=Atlantis&keywords=sala', context);
      expect(page).toMatchObject({ placeNotice: notice, result: { listings: toJsonText([CARD]) } });
      const search = calls.find((call) => call.startsWith('/api/listings?')) ?? '';
      expect(search).toContain('keywords=sala');
      expect(search).not.toContain('address=');
    }
  });

  it('fills the hearts of the viewer’s favourites with one call, and asks nothing for visitors', async () => {
    const signedIn = fakeContext('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', {
      '/api/listings?': FOUND,
      '/api/favourites/ids?': { status: 200, body: { data: [LISTING_ID] } },
    });
    expect(await load('/s', signedIn.context)).toMatchObject({ favourites: [LISTING_ID], signedIn: true });
    expect(signedIn.calls).toContain(`/api/favourites/ids?listingIds=${LISTING_ID}`);

    const visitor = fakeContext(null, { '/api/listings?': FOUND });
    expect(await load('/s', visitor.context)).toMatchObject({ favourites: [], signedIn: false });
    expect(visitor.calls.some((call) => call.startsWith('/api/favourites'))).toBe(false);
  });
});

describe('/s', () => {
  it('asks the API once with the query of the URL and the page size', async () => {
    const second = {
      status: 200,
      body: { data: [CARD], meta: { page: 2, perPage: 24, totalItems: 25, totalPages: 2 } },
    };
    const { context, calls } = fakeContext(null, { '/api/listings?': second });
    const page = await load(
      '/s?address=Madrid&bounds=40.56,-3.52,40.31,-3.83&keywords=sala%20grande&pub_category=sala,cocina&price=10,50&dates=2026-03-28,2026-03-29&minDuration=60&times=10:00,14:00&people=4&sort=-price&page=2',
      context,
    );
    expect(calls).toEqual([
      '/api/listings?address=Madrid&bounds=40.56,-3.52,40.31,-3.83&keywords=sala%20grande&pub_category=sala,cocina&price=10,50&dates=2026-03-28,2026-03-29&minDuration=60&times=10%3A00,14%3A00&people=4&sort=-price&page=2&perPage=24',
    ]);
    expect(page).not.toBeInstanceOf(Response);
    if (page instanceof Response) return;
    // The cards travel as JSON text (decision 0074), the page count as a value.
    expect(parseJsonText(page.result?.listings ?? toJsonText([]))).toEqual([CARD]);
    expect(page.query.page).toBe(2);
  });

  it('shows the failure as a state of the page when the API fails', async () => {
    for (const answer of [
      { status: 500, body: null },
      { status: 400, body: { errors: [{ code: 'invalid' }] } },
    ]) {
      const { context } = fakeContext(null, { '/api/listings?': answer });
      const page = await load('/s?keywords=sala', context);
      expect(page).not.toBeInstanceOf(Response);
      if (page instanceof Response) return;
      expect(page.result).toBeNull();
      expect(page.query).toEqual({ keywords: 'sala' });
    }
  });

  it('drops what the URL gets wrong instead of failing', async () => {
    const { context, calls } = fakeContext(null, { '/api/listings?': FOUND });
    const page = await load(
      `/s?page=-2&people=lots&price=50,10&dates=2026-02-30,2026-03-01&times=10:00,14:00&bounds=x&pub_category=nope,sala&sort=best&keywords=${'a'.repeat(300)}&minDuration=9999`,
      context,
    );
    expect(page).not.toBeInstanceOf(Response);
    // Keywords past the limit are cut to it; a duration past a day is refused by the API: left out.
    expect(calls).toEqual([`/api/listings?keywords=${'a'.repeat(200)}&pub_category=sala&perPage=24`]);
  });

  it('turns a filters form sent without JavaScript into the page URL, from page 1', async () => {
    const { context, calls } = fakeContext(null, { '/api/listings?': FOUND });
    const answer = await load(
      '/s?address=Madrid&page=4&keywords=terraza&dateStart=2026-03-28&dateEnd=2026-03-28&minDuration=0&timeStart=&timeEnd=&people=3&priceMin=0&priceMax=200&pub_category=terraza&pub_category=sala',
      context,
    );
    expect(answer).toBeInstanceOf(Response);
    if (!(answer instanceof Response)) return;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(
      '/s?address=Madrid&keywords=terraza&pub_category=terraza,sala&price=0,200&dates=2026-03-28,2026-03-28&people=3',
    );
    expect(calls).toEqual([]);
  });

  it('sends a page past the last one to the last one, filters kept', async () => {
    const { context } = fakeContext(null, {
      '/api/listings?': {
        status: 200,
        body: { data: [], meta: { page: 9, perPage: 24, totalItems: 30, totalPages: 2 } },
      },
    });
    const answer = await load('/s?keywords=sala&page=9', context);
    expect(answer).toBeInstanceOf(Response);
    if (!(answer instanceof Response)) return;
    expect(answer.headers.get('Location')).toBe('/s?keywords=sala&page=2');
    const empty = fakeContext(null, {
      '/api/listings?': {
        status: 200,
        body: { data: [], meta: { page: 3, perPage: 24, totalItems: 0, totalPages: 0 } },
      },
    });
    const none = await load('/s?keywords=sala&page=3', empty.context);
    expect(none).not.toBeInstanceOf(Response);
  });

  it('hands the page the map settings', async () => {
    const { context } = fakeContext(null, { '/api/listings?': FOUND });
    const page = await load('/s', context);
    if (page instanceof Response) throw new Error('unexpected redirect');
    expect(page.map).toEqual({ tileUrl: undefined, attribution: '' });
  });
});

describe('/s head', () => {
  const root = {
    id: 'root',
    loaderData: {
      locale: 'es',
      messages: serializeMessages(mergedCatalogue('es')),
      config: { marketplaceName: 'Hora', publicUrl: 'https://hora.es', blogUrl: undefined, social: {} },
    },
  };
  const metaOf = (search: string) =>
    meta({ location: { pathname: '/s', search }, matches: [root] } as unknown as Parameters<typeof meta>[0]);

  it('titles the page and keeps filtered pages out of search engines', () => {
    const plain = metaOf('');
    expect(plain).toContainEqual({ title: 'Buscar espacios por horas | Hora' });
    expect(plain).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://hora.es/s' });
    expect(plain).not.toContainEqual({ name: 'robots', content: 'noindex' });
    expect(metaOf('?people=2')).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
