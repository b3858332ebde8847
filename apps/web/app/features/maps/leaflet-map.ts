// The map's own chunk: Leaflet and its styles load only when a page shows a map, after first paint
// (location-map.tsx imports this file dynamically). Never import it statically.
import { MAP } from '@hora/core/config';
import { circlePolygon, type LatLng } from '@hora/core/geo';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
// The fuzzy location's circle: a polygon and the renderer the map picks for it (SVG).
import { polygon } from 'leaflet/src/layer/vector/Polygon';
import 'leaflet/src/layer/vector/Renderer.getRenderer';
import { L } from './leaflet-lite.ts';
import './map.css';
import { movePinByKey, type PinDirection } from './pin-keys.ts';
import { PIN_BODY_PATH, PIN_DOT, PIN_SIZE } from './pin-shape.ts';

export type MapMode = 'static' | 'draggable' | 'fuzzy';

export interface MapOptions {
  center: LatLng;
  zoom: number;
  mode: MapMode;
  /** Leaflet URL template, or undefined: the pin on a plain background (MAP_TILE_URL=none). */
  tileUrl: string | undefined;
  attribution: string;
  /** Accessible name of the pin (draggable mode: how to move it). */
  pinLabel: string;
  /** The zoom buttons' names, translated. */
  zoomLabels: { in: string; out: string };
  onMove?: (point: LatLng) => void;
  /** A keyboard move happened: the page announces it. */
  onKeyboardMove?: (direction: PinDirection, meters: number) => void;
}

export interface MapController {
  /** Moves the view (and the pin) to a new place, e.g. after another address was picked. */
  setCenter(center: LatLng, zoom?: number): void;
  destroy(): void;
}

/** The pin (`pin-shape.ts`), anchored at its tip. */
const PIN_SVG =
  `<svg viewBox="0 0 ${PIN_SIZE} ${PIN_SIZE}" width="${PIN_SIZE}" height="${PIN_SIZE}" aria-hidden="true" focusable="false">` +
  `<path class="map-pin__body" d="${PIN_BODY_PATH}"/>` +
  `<circle class="map-pin__dot" cx="${PIN_DOT.cx}" cy="${PIN_DOT.cy}" r="${PIN_DOT.r}"/></svg>`;

const pinIcon = () =>
  L.divIcon({
    className: 'map-pin',
    html: PIN_SVG,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE],
  });

const toLeaflet = (point: LatLng): Leaflet.LatLngTuple => [point.lat, point.lng];
const fromLeaflet = (point: Leaflet.LatLng): LatLng => ({ lat: point.lat, lng: point.lng });

export function mountMap(element: HTMLElement, options: MapOptions): MapController {
  const map = L.map(element, {
    center: toLeaflet(options.center),
    zoom: options.zoom,
    // A page scrolls past a map: the wheel zooms only with the map focused by a click or Tab.
    scrollWheelZoom: false,
    attributionControl: false,
    zoomControl: false,
  });
  L.control.zoom({ zoomInTitle: options.zoomLabels.in, zoomOutTitle: options.zoomLabels.out }).addTo(map);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  if (options.tileUrl) {
    L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19, crossOrigin: true }).addTo(
      map,
    );
  } else {
    element.classList.add('location-map--no-tiles');
  }

  let center = options.center;
  let marker: Leaflet.Marker | undefined;
  let circle: Leaflet.Polygon | undefined;

  function draw() {
    marker?.remove();
    circle?.remove();
    if (options.mode === 'fuzzy') {
      // The server sends fuzzy listings' points already moved (core `publicListingLocation`), so the
      // circle is drawn around the point as given: the door lies within the offset of it.
      circle = polygon(circlePolygon(center, MAP.fuzzyOffsetMeters).map(toLeaflet), {
        className: 'map-fuzzy-circle',
        interactive: false,
        // Every vertex drawn (Leaflet would simplify a small circle into a visible polygon).
        smoothFactor: 0,
      }).addTo(map);
      return;
    }
    const draggable = options.mode === 'draggable';
    marker = L.marker(toLeaflet(center), {
      icon: pinIcon(),
      draggable,
      keyboard: draggable,
      title: options.pinLabel,
      alt: options.pinLabel,
      autoPan: true,
    }).addTo(map);
    if (!draggable) return;
    marker.on('dragend', () => {
      center = fromLeaflet((marker as Leaflet.Marker).getLatLng());
      options.onMove?.(center);
    });
    const pinElement = marker.getElement();
    pinElement?.setAttribute('role', 'button');
    pinElement?.setAttribute('aria-label', options.pinLabel);
    pinElement?.addEventListener('keydown', (event) => {
      const moved = movePinByKey(center, event.key, { shiftKey: event.shiftKey });
      if (!moved) return;
      // The map's own arrow keys pan it; here they move the pin.
      event.preventDefault();
      event.stopPropagation();
      center = moved.point;
      marker?.setLatLng(toLeaflet(center));
      if (!map.getBounds().pad(-0.1).contains(toLeaflet(center))) map.panTo(toLeaflet(center));
      options.onMove?.(center);
      options.onKeyboardMove?.(moved.direction, moved.meters);
    });
  }
  draw();

  return {
    setCenter(next, zoom) {
      center = next;
      map.setView(toLeaflet(next), zoom ?? map.getZoom());
      draw();
    },
    destroy() {
      map.remove();
    },
  };
}
