// The search map alone on a page, for check.mjs (a headless browser run by hand, not by the app).
import type { ListingCardView } from '@hora/core/listing';
import type { Bounds } from '@hora/core/search';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mergedCatalogue } from '../../../i18n/catalogue.ts';
import { I18nProvider } from '../../../i18n/i18n.tsx';
import '../../../styles/app.css';
import { mapCard } from '../map.fixture.ts';

// As the search page does: the map's module (with Leaflet and supercluster) comes lazily.
const SearchMap = lazy(() => import('../search-map.tsx'));

const SOL = { lat: 40.4168, lng: -3.7038 };
const LISTINGS: ListingCardView[] = [
  mapCard('sol-1', { title: 'Sala luminosa en Sol', geolocation: SOL }),
  mapCard('sol-2', { title: 'Cocina de producción en Sol', geolocation: SOL, image: null }),
  mapCard('sol-3', {
    title: 'Gimnasio en Sol',
    geolocation: SOL,
    negotiation: 'yes',
    minPrice: 20,
    maxPrice: 30,
  }),
  mapCard('retiro', { title: 'Estudio junto al Retiro', geolocation: { lat: 40.4153, lng: -3.6845 } }),
  mapCard('chamberi', {
    title: 'Sala de reuniones en Chamberí',
    geolocation: { lat: 40.4346, lng: -3.7037 },
    price: { amount: 4550, currency: 'EUR' },
  }),
  mapCard('lavapies', { title: 'Taller en Lavapiés', geolocation: { lat: 40.4089, lng: -3.7009 } }),
  mapCard('arganzuela', { title: 'Plató en Arganzuela', geolocation: { lat: 40.3967, lng: -3.6973 } }),
];

declare global {
  interface Window {
    boundsCalls: Bounds[];
    setActive(id: string | null): void;
    setListings(ids: string[]): void;
    setBounds(bounds: Bounds): void;
    show(): void;
  }
}
window.boundsCalls = [];

function Harness() {
  const params = new URLSearchParams(window.location.search);
  const [mapSearch, setMapSearch] = useState(params.get('mapSearch') !== 'false');
  const [active, setActive] = useState<string | null>(null);
  const [listings, setListings] = useState(LISTINGS);
  // As a phone's list view: the map is mounted in a hidden box and shown later.
  const [hidden, setHidden] = useState(params.get('hidden') === '1');
  const [bounds, setBounds] = useState<Bounds | undefined>(
    params.get('fit') === 'bounds'
      ? { ne: { lat: 40.44, lng: -3.68 }, sw: { lat: 40.39, lng: -3.72 } }
      : undefined,
  );
  useEffect(() => {
    window.setActive = setActive;
    window.setListings = (ids) => setListings(LISTINGS.filter(({ id }) => ids.includes(id)));
    window.setBounds = setBounds;
    window.show = () => setHidden(false);
  }, []);
  const tiles = params.get('tiles');
  return (
    <div style={{ height: '100vh', display: hidden ? 'none' : 'block' }}>
      <Suspense fallback={null}>
        <SearchMap
          listings={listings}
          bounds={bounds}
          activeListingId={active}
          mapSearch={mapSearch}
          onMapSearchChange={setMapSearch}
          onBoundsChange={(next) => {
            window.boundsCalls.push(next);
            setBounds(next);
          }}
          tileUrl={tiles === 'none' ? undefined : (tiles ?? 'http://10.255.255.1/{z}/{x}/{y}.png')}
          attribution="© OpenStreetMap"
        />
      </Suspense>
    </div>
  );
}

const locale = new URLSearchParams(window.location.search).get('locale') === 'en' ? 'en' : 'es';
const router = createMemoryRouter([{ path: '*', element: <Harness /> }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
    <RouterProvider router={router} />
  </I18nProvider>,
);
