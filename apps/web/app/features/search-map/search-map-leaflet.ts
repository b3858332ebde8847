// The search map's Leaflet side: loaded only with search-map.tsx, which the search page imports
// lazily after first paint. Never import it from a module the server or a page's first load runs.
import type { ListingCardView } from '@hora/core/listing';
import type { Bounds } from '@hora/core/search';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { L } from '../maps/leaflet-lite.ts';
import { bboxOfBounds, boundsOfLeaflet, cornersOfBounds } from './map-bounds.ts';
import { type MapMarker, markerIndex, markerListingIds, markerSignature } from './map-points.ts';
import { createMoveReporter } from './move-guard.ts';

export interface SearchMapTexts {
  /** A price marker's text ("25 €"). */
  price(listing: ListingCardView): string;
  /** Accessible names: "Sala luminosa, 25 €", "3 espacios en este punto", "12 espacios: acercar". */
  priceName(listing: ListingCardView, price: string): string;
  groupName(count: number): string;
  clusterName(count: number): string;
  zoomIn: string;
  zoomOut: string;
}

export interface SearchMapOptions {
  /** Leaflet URL template, or undefined for no tiles (MAP_TILE_URL=none): markers on a plain ground. */
  tileUrl: string | undefined;
  attribution: string;
  /** Where the map opens; `pad` when the box is the listings' own points (so edge markers show). */
  initial: { bounds: Bounds; pad: boolean };
  texts: SearchMapTexts;
  /** A price or group marker was chosen (click, Enter or Space) with its listings and element. */
  onSelect(listings: ListingCardView[], element: HTMLElement): void;
  /** A click on the map outside markers. */
  onMapClick(): void;
  /** The user moved or zoomed the map (debounced); the view it ended on. */
  onUserMove(bounds: Bounds): void;
}

export interface SearchMapController {
  setListings(listings: readonly ListingCardView[]): void;
  /** Highlights the marker (or cluster) holding a listing; null for none. */
  setActive(listingId: string | null): void;
  /** Marks the marker whose card is open. */
  setSelected(listingIds: readonly string[] | null): void;
  /** Moves the map to bounds (the component's own move: never reported as the user's). */
  fitBounds(bounds: Bounds, pad?: boolean): void;
  currentBounds(): Bounds;
  destroy(): void;
}

/** Zoom used when fitting a single point (a box of no size would zoom to the street). */
const FIT_MAX_ZOOM = 15;
const ACTIVE_Z_OFFSET = 1000;
const MARKER_CLASS = 'search-map-marker';

interface Drawn {
  marker: Leaflet.Marker;
  data: MapMarker;
  signature: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function mountSearchMap(element: HTMLElement, options: SearchMapOptions): SearchMapController {
  const map = L.map(element, {
    // The map follows its box's size itself (ResizeObserver below), as the component's own move.
    trackResize: false,
    // Panning past the antimeridian comes back to the world the markers are drawn on.
    worldCopyJump: true,
    attributionControl: false,
    zoomControl: false,
    minZoom: 2,
  });
  L.control
    .zoom({ position: 'topright', zoomInTitle: options.texts.zoomIn, zoomOutTitle: options.texts.zoomOut })
    .addTo(map);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  if (options.tileUrl) {
    // Unreachable tiles (offline, blocked) only leave the ground plain: Leaflet reports them as
    // `tileerror` and everything else keeps working.
    L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19, crossOrigin: true }).addTo(
      map,
    );
  } else {
    element.classList.add('search-map--no-tiles');
  }

  const reporter = createMoveReporter<Bounds>({ report: (bounds) => options.onUserMove(bounds) });
  let index = markerIndex([]);
  const drawn = new Map<string, Drawn>();
  let active: string | null = null;
  let selected: readonly string[] = [];
  let sized = false;
  let pendingFit: { bounds: Bounds; pad: boolean } | null = options.initial;

  const hasSize = () => element.clientWidth > 0 && element.clientHeight > 0;

  function fit(bounds: Bounds, pad: boolean) {
    reporter.programmatic(() =>
      map.fitBounds(cornersOfBounds(bounds), {
        animate: false,
        maxZoom: FIT_MAX_ZOOM,
        padding: pad ? [40, 40] : [0, 0],
      }),
    );
  }

  function markerName(data: MapMarker): string {
    if (data.kind === 'price')
      return options.texts.priceName(data.listing, options.texts.price(data.listing));
    if (data.kind === 'group') return options.texts.groupName(data.listings.length);
    return options.texts.clusterName(data.count);
  }

  function markerLabel(data: MapMarker): string {
    if (data.kind === 'price') return options.texts.price(data.listing);
    if (data.kind === 'group') return String(data.listings.length);
    return String(data.count);
  }

  function choose(data: MapMarker, icon: HTMLElement) {
    if (data.kind === 'cluster') {
      // The user's own zoom: reported like a wheel zoom, so a search on move follows it.
      map.setView(
        [data.point.lat, data.point.lng],
        Math.min(index.expansionZoom(data.clusterId), map.getMaxZoom()),
      );
      return;
    }
    options.onSelect(data.kind === 'price' ? [data.listing] : data.listings, icon);
  }

  function styleMarker(entry: Drawn) {
    const icon = entry.marker.getElement();
    if (!icon) return;
    const ids = markerListingIds(entry.data);
    const isActive = active !== null && ids.includes(active);
    const isSelected =
      entry.data.kind !== 'cluster' && selected.length > 0 && selected.every((id) => ids.includes(id));
    icon.classList.toggle(`${MARKER_CLASS}--active`, isActive);
    icon.classList.toggle(`${MARKER_CLASS}--selected`, isSelected);
    entry.marker.setZIndexOffset(isActive || isSelected ? ACTIVE_Z_OFFSET : 0);
  }

  function draw(data: MapMarker): Drawn {
    const marker = L.marker([data.point.lat, data.point.lng], {
      icon: L.divIcon({
        className: `${MARKER_CLASS} ${MARKER_CLASS}--${data.kind}`,
        html: `<span class="${MARKER_CLASS}__label">${escapeHtml(markerLabel(data))}</span>`,
        // Sized by its label (no fixed size); anchored once drawn, when its size is known.
        iconSize: null as unknown as Leaflet.PointExpression,
      }),
      keyboard: true,
      // Tabbing to a marker at the edge brings it in without a search (see the focus handler).
      autoPanOnFocus: false,
      riseOnHover: true,
    });
    marker.on('click', () => {
      const icon = marker.getElement();
      if (icon) choose(data, icon);
    });
    marker.addTo(map);
    const icon = marker.getElement();
    if (icon) {
      // Price and group labels stand above their point, clusters sit centred on theirs.
      const { offsetWidth: width, offsetHeight: height } = icon;
      icon.style.marginLeft = `${-width / 2}px`;
      icon.style.marginTop = `${data.kind === 'cluster' ? -height / 2 : -height - 4}px`;
      icon.setAttribute('aria-label', markerName(data));
      icon.dataset.testid = `map-${data.kind}-marker`;
      if (data.kind === 'price') icon.dataset.listingId = data.listing.id;
      icon.addEventListener('keydown', (event) => {
        // A role=button element is not clicked by the keyboard on its own: Enter and Space, as a button.
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        choose(data, icon);
      });
      icon.addEventListener('focus', () => {
        const point = L.latLng(data.point.lat, data.point.lng);
        if (!map.getBounds().contains(point))
          reporter.programmatic(() => map.panTo(point, { animate: false }));
      });
    }
    const entry = { marker, data, signature: markerSignature(data) };
    styleMarker(entry);
    return entry;
  }

  /** Draws the markers of the view (and half a view around it), keeping those that did not change
   *  so a focused marker keeps its focus. */
  function redraw() {
    // A hidden map (the list shown on phones) measures no labels: it draws when it shows again.
    if (!sized || !hasSize()) return;
    const view = boundsOfLeaflet(map.getBounds().pad(0.5));
    const next = index.markersAt(map.getZoom(), bboxOfBounds(view));
    const keep = new Set<string>();
    for (const data of next) {
      const signature = markerSignature(data);
      const existing = drawn.get(data.key);
      keep.add(data.key);
      if (existing && existing.signature === signature) continue;
      existing?.marker.remove();
      drawn.set(data.key, draw(data));
    }
    for (const [key, entry] of drawn) {
      if (keep.has(key)) continue;
      entry.marker.remove();
      drawn.delete(key);
    }
  }

  function settle() {
    if (!hasSize()) return;
    if (!sized) {
      sized = true;
      // Leaflet measured the box when it had no size (a hidden map on phones): measure again.
      reporter.programmatic(() => map.invalidateSize({ pan: false }));
    } else {
      reporter.programmatic(() => map.invalidateSize({ debounceMoveend: false }));
    }
    if (pendingFit) {
      fit(pendingFit.bounds, pendingFit.pad);
      pendingFit = null;
    }
    redraw();
  }

  // A view is needed before anything else; the real one comes with the first size.
  reporter.programmatic(() => map.fitBounds(cornersOfBounds(options.initial.bounds), { animate: false }));
  map.on('moveend', () => {
    redraw();
    reporter.moved(() => boundsOfLeaflet(map.getBounds()));
  });
  map.on('click', () => options.onMapClick());

  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => settle()) : null;
  observer?.observe(element);
  settle();

  return {
    setListings(listings) {
      index = markerIndex(listings);
      redraw();
    },
    setActive(listingId) {
      active = listingId;
      for (const entry of drawn.values()) styleMarker(entry);
    },
    setSelected(listingIds) {
      selected = listingIds ?? [];
      for (const entry of drawn.values()) styleMarker(entry);
    },
    fitBounds(bounds, pad = false) {
      if (!sized) {
        pendingFit = { bounds, pad };
        return;
      }
      fit(bounds, pad);
    },
    currentBounds() {
      return boundsOfLeaflet(map.getBounds());
    },
    destroy() {
      reporter.cancel();
      observer?.disconnect();
      map.remove();
    },
  };
}
