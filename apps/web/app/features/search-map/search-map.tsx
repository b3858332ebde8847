import type { ListingCardView } from '@hora/core/listing';
import type { Bounds } from '@hora/core/search';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { initialBounds, shouldFollowBounds } from './map-bounds.ts';
import { MapInfoCard } from './map-info-card.tsx';
import { groupByPoint } from './map-points.ts';
import { priceLabel } from './price-label.ts';
import { mountSearchMap, type SearchMapController } from './search-map-leaflet.ts';
import './search-map.css';

export interface SearchMapProps {
  /** The page's results: one marker per listing, grouped by point and clustered when zoomed out. */
  listings: ListingCardView[];
  /** The search's box: the map opens on it, and moves when another place is searched. */
  bounds?: Bounds;
  /** The hovered or focused card of the list: its marker (or cluster) is highlighted. */
  activeListingId: string | null;
  /** "Search as I move the map". */
  mapSearch: boolean;
  onMapSearchChange(on: boolean): void;
  /** The user's view to search: after a move with `mapSearch`, or the "search this area" button. */
  onBoundsChange(bounds: Bounds): void;
  /** Leaflet tile URL template (`PublicConfig.maps.tileUrl`); none draws markers on a plain ground. */
  tileUrl?: string;
  attribution: string;
}

interface Selection {
  ids: string[];
  index: number;
}

/**
 * The search page's map (spec part 1 §2, part 2 §9): price markers, group markers for listings at one
 * point, clusters when zoomed out, an info card with a wrapping carousel, the hovered card's marker
 * highlighted, and "search as I move the map". Client only: the page imports this module lazily after
 * first paint, and Leaflet with supercluster come in its chunk. Texts are the `searchMap` namespace.
 */
export default function SearchMap(props: SearchMapProps) {
  const { t, locale } = useI18n();
  const element = useRef<HTMLDivElement>(null);
  const controller = useRef<SearchMapController | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  /** The view the user moved to while search on move is off: offered by "search this area". */
  const [movedTo, setMovedTo] = useState<Bounds | null>(null);
  /** The element of the marker whose card is open: focus goes back to it when the card closes. */
  const opener = useRef<HTMLElement | null>(null);
  // The latest props for Leaflet's handlers, without rebuilding the map on every render.
  const latest = useRef(props);
  latest.current = props;
  const reported = useRef<Bounds | null>(null);
  const shownBounds = useRef(props.bounds);

  function report(bounds: Bounds) {
    reported.current = bounds;
    setMovedTo(null);
    latest.current.onBoundsChange(bounds);
  }

  // The texts of the language shown now, for markers drawn after a later search.
  const i18n = useRef({ t, locale });
  i18n.current = { t, locale };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once; later props go through the controller
  useEffect(() => {
    if (!element.current) return;
    const points = groupByPoint(props.listings).map(({ point }) => point);
    const price = (listing: ListingCardView) =>
      priceLabel(listing, i18n.current.locale, i18n.current.t('searchMap.noPrice'));
    const map = mountSearchMap(element.current, {
      tileUrl: props.tileUrl,
      attribution: props.attribution,
      initial: { bounds: initialBounds(props.bounds, points), pad: !props.bounds && points.length > 0 },
      texts: {
        price,
        priceName: (listing, text) =>
          i18n.current.t('searchMap.marker.price', { title: listing.title, price: text }),
        groupName: (count) => i18n.current.t('searchMap.marker.group', { count }),
        clusterName: (count) => i18n.current.t('searchMap.marker.cluster', { count }),
        zoomIn: t('searchMap.zoomIn'),
        zoomOut: t('searchMap.zoomOut'),
      },
      onSelect(listings, marker) {
        opener.current = marker;
        setSelection({ ids: listings.map(({ id }) => id), index: 0 });
      },
      onMapClick: () => setSelection(null),
      onUserMove(bounds) {
        if (latest.current.mapSearch) report(bounds);
        else setMovedTo(bounds);
      },
    });
    map.setListings(props.listings);
    map.setActive(props.activeListingId);
    controller.current = map;
    return () => {
      map.destroy();
      controller.current = null;
    };
  }, []);

  // New results redraw the markers where the map is: the user may have moved it to search.
  useEffect(() => {
    controller.current?.setListings(props.listings);
    setSelection((current) => {
      if (!current) return current;
      const ids = current.ids.filter((id) => props.listings.some((listing) => listing.id === id));
      return ids.length === 0 ? null : { ids, index: Math.min(current.index, ids.length - 1) };
    });
  }, [props.listings]);

  useEffect(() => {
    controller.current?.setActive(props.activeListingId);
  }, [props.activeListingId]);

  useEffect(() => {
    controller.current?.setSelected(selection?.ids ?? null);
  }, [selection]);

  // Another place searched elsewhere (the top bar) moves the map; the box the map itself searched does not.
  useEffect(() => {
    const previous = shownBounds.current;
    shownBounds.current = props.bounds;
    if (shouldFollowBounds(props.bounds, previous, reported.current)) {
      controller.current?.fitBounds(props.bounds);
      setMovedTo(null);
    }
  }, [props.bounds]);

  function close() {
    setSelection(null);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }

  const selected = selection
    ? selection.ids
        .map((id) => props.listings.find((listing) => listing.id === id))
        .filter((listing): listing is ListingCardView => listing !== undefined)
    : [];

  return (
    <section className="search-map" data-testid="search-map" aria-label={t('searchMap.label')}>
      <div ref={element} className="search-map__canvas" />
      <div className="search-map__toolbar">
        <label className="search-map__toggle">
          <input
            type="checkbox"
            checked={props.mapSearch}
            data-testid="map-search-toggle"
            onChange={(event) => props.onMapSearchChange(event.currentTarget.checked)}
          />
          {t('searchMap.searchOnMove')}
        </label>
        {!props.mapSearch && movedTo && (
          <button
            type="button"
            className="button button--primary search-map__search-area"
            data-testid="map-search-area"
            onClick={() => report(movedTo)}
          >
            {t('searchMap.searchArea')}
          </button>
        )}
      </div>
      {selection && selected.length > 0 && (
        <MapInfoCard
          listings={selected}
          index={selection.index}
          onIndexChange={(index) => setSelection({ ...selection, index })}
          onClose={close}
        />
      )}
    </section>
  );
}
