import type { ListingCardView } from '@hora/core/listing';
import type { Bounds } from '@hora/core/search';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';

// The map (Leaflet, clustering) is its own chunk: it is asked for only once the page has painted,
// so it is never part of the search page's first-load JavaScript.
const SearchMap = lazy(() => import('../search-map/search-map.tsx'));

export interface MapPanelProps {
  listings: ListingCardView[];
  bounds?: Bounds;
  activeListingId: string | null;
  mapSearch: boolean;
  onMapSearchChange: (on: boolean) => void;
  onBoundsChange: (bounds: Bounds) => void;
  tileUrl?: string;
  attribution: string;
}

/** The results' map: an empty frame on the server and until the browser has painted the page. */
export function MapPanel(props: MapPanelProps) {
  const t = useT();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const frame = <p className="search-map-panel__loading">{t('search.map.loading')}</p>;
  return (
    <section className="search-map-panel" aria-label={t('search.map.label')} data-testid="search-map-panel">
      {mounted ? <Suspense fallback={frame}>{<SearchMap {...props} />}</Suspense> : frame}
    </section>
  );
}
