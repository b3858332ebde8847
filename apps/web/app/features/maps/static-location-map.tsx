import { MAP } from '@hora/core/config';
import type { LatLng } from '@hora/core/geo';
import { useState } from 'react';
import { useRootData } from '../shell/use-root-data.ts';
import type { MapMode } from './leaflet-map.ts';
import { LocationMap, locationMapZoom } from './location-map.tsx';
import { PIN_BODY_PATH, PIN_DOT, PIN_SIZE } from './pin-shape.ts';
import { metersPerPixel, TILE_SIZE, tilesAround } from './static-tiles.ts';

/**
 * Half the widest and the tallest frame a page gives a location map (`location-map.css`): the
 * listing page's single column below 1 024 px is the widest, 320 px the tallest. The tiles cover it
 * whatever the screen; the ones a smaller frame cannot show are hidden (`tileSizeClasses`).
 */
export const HALF_FRAME = { x: 512, y: 160 };

/**
 * The steps of frame size at which `location-map.css` hides the tiles a frame that small cannot show
 * (its container queries): lazy loading fetches no hidden image, where it fetched the ones the frame
 * only clipped (measured: all 15 of a desktop's grid on a phone). A tile needed above a size is
 * hidden up to the step below it, so no tile a frame shows is ever hidden.
 */
export const FRAME_STEP = 64;

/** The classes that hide a tile in frames too small to show it. */
export function tileSizeClasses(neededAbove: { width: number; height: number }): string {
  const step = (size: number) => Math.floor(size / FRAME_STEP) * FRAME_STEP;
  const [width, height] = [step(neededAbove.width), step(neededAbove.height)];
  return [
    'static-map__tile',
    ...(width > 0 ? [`static-map__tile--w${width}`] : []),
    ...(height > 0 ? [`static-map__tile--h${height}`] : []),
  ].join(' ');
}

export interface StaticLocationMapProps {
  center: LatLng;
  /** A circle of the fuzzy offset round the point (which the server already moved), not a pin. */
  fuzzy: boolean;
  zoom: number;
  /** The interactive map, asked for: the static map is then a button named `action`. */
  explore?: { action: string; onExplore: () => void };
}

/**
 * A map with no script: the tiles round the place as plain images, the pin or the fuzzy circle drawn
 * over them, rendered on the server (as Sharetribe's listing page shows a static map image). A page
 * shows it instead of Leaflet until someone wants to pan or zoom, so a first visit downloads no map
 * code. With no tiles configured or reachable, the pin shows on the frame's plain background.
 */
export function StaticLocationMap({ center, fuzzy, zoom, explore }: StaticLocationMapProps) {
  const { config } = useRootData();
  const tiles = config.maps.tileUrl ? tilesAround(config.maps.tileUrl, center, zoom, HALF_FRAME) : [];
  const diameter = Math.round((2 * MAP.fuzzyOffsetMeters) / metersPerPixel(center.lat, zoom));
  const drawing = (
    <>
      {tiles.map((tile) => (
        <img
          key={`${tile.left},${tile.top}`}
          className={tileSizeClasses(tile.neededAbove)}
          src={tile.url}
          srcSet={tile.retinaUrl && `${tile.retinaUrl} 2x`}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          loading="lazy"
          decoding="async"
          draggable={false}
          // As Leaflet asks for its tiles: the browser's cache then serves the same tile to both.
          crossOrigin="anonymous"
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
        />
      ))}
      {fuzzy ? (
        <span className="static-map__circle" style={{ width: diameter, height: diameter }} />
      ) : (
        <span className="map-pin static-map__pin">
          <svg
            viewBox={`0 0 ${PIN_SIZE} ${PIN_SIZE}`}
            width={PIN_SIZE}
            height={PIN_SIZE}
            aria-hidden="true"
            focusable="false"
          >
            <path className="map-pin__body" d={PIN_BODY_PATH} />
            <circle className="map-pin__dot" cx={PIN_DOT.cx} cy={PIN_DOT.cy} r={PIN_DOT.r} />
          </svg>
        </span>
      )}
    </>
  );
  return (
    <>
      {explore ? (
        <button type="button" className="static-map" onClick={explore.onExplore} data-testid="static-map">
          {drawing}
          <span className="static-map__explore">{explore.action}</span>
        </button>
      ) : (
        <div className="static-map" aria-hidden="true">
          {drawing}
        </div>
      )}
      {tiles.length > 0 && <span className="static-map__attribution">{config.maps.attribution}</span>}
    </>
  );
}

export interface OnDemandLocationMapProps {
  center: LatLng;
  mode: MapMode;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
  /** The static map's button, e.g. "Explorar el mapa". */
  action: string;
  /** The caller wants the interactive map now (the wizard: an address was just picked). */
  interactive?: boolean;
  /** Draggable mode: the pin's new position. */
  onMove?: (point: LatLng) => void;
}

/**
 * A location map that is static until someone asks for the interactive one (decision 0083): its
 * button, or the caller's `interactive`. Then Leaflet loads at once at the same centre and zoom, the
 * static map showing until it has drawn; asked for by the button (which had the focus), the map
 * takes the focus.
 */
export function OnDemandLocationMap({
  center,
  mode,
  label,
  className,
  action,
  interactive = false,
  onMove,
}: OnDemandLocationMapProps) {
  const [asked, setAsked] = useState(false);
  const zoom = locationMapZoom(mode);
  const fuzzy = mode === 'fuzzy';
  if (asked || interactive) {
    return (
      <LocationMap
        center={center}
        mode={mode}
        zoom={zoom}
        label={label}
        className={className}
        onMove={onMove}
        immediate
        focusOnReady={asked}
        preview={<StaticLocationMap center={center} fuzzy={fuzzy} zoom={zoom} />}
      />
    );
  }
  return (
    <section className={className ? `location-map ${className}` : 'location-map'} aria-label={label}>
      <StaticLocationMap
        center={center}
        fuzzy={fuzzy}
        zoom={zoom}
        explore={{ action, onExplore: () => setAsked(true) }}
      />
    </section>
  );
}
