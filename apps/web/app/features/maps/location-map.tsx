import { MAP } from '@hora/core/config';
import type { LatLng } from '@hora/core/geo';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { useRootData } from '../shell/use-root-data.ts';
import type { MapController, MapMode } from './leaflet-map.ts';
import type { PinDirection } from './pin-keys.ts';
import './location-map.css';

export interface LocationMapProps {
  center: LatLng;
  /** 'static': a pin (the listing page); 'draggable': the host moves the pin to the door;
   *  'fuzzy': a circle around the point, which the server already moved off the door (500 m). */
  mode?: MapMode;
  zoom?: number;
  /** Draggable mode: the pin's new position, after a drag or an arrow key. */
  onMove?: (point: LatLng) => void;
  /** Accessible name of the map region, e.g. "Mapa de la ubicación". */
  label: string;
  className?: string;
  /** Someone asked for this map (a click, a picked address): Leaflet loads at once, not when idle. */
  immediate?: boolean;
  /** The map takes the focus once drawn (it replaced the static map's button, which had it). */
  focusOnReady?: boolean;
  /** Shown until Leaflet has drawn the map, instead of the loading text (the static map). */
  preview?: ReactNode;
}

/** The zoom a location map opens at: the street for a pin, the neighbourhood for a fuzzy circle. */
export const locationMapZoom = (mode: MapMode) =>
  mode === 'fuzzy' ? MAP.fuzzyDefaultZoom : MAP.defaultZoom + 4;

type Loading = 'waiting' | 'ready' | 'failed';

/**
 * After the page's load event, then when the browser is idle: the map never delays the page, and
 * its code is never part of the first load (an idle moment can come before `load` while images
 * still arrive).
 */
function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 1500 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 1);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancel();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancel();
  };
}

/**
 * Once the map is within a screen of the viewport: a visitor who never scrolls to a listing's map
 * never downloads Leaflet (about 45 KB), and one who does finds it drawn by the time it shows.
 */
function whenNearViewport(target: Element, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return whenIdle(run);
  let cancelIdle = () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancelIdle = whenIdle(run);
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(target);
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}

/**
 * A Leaflet map with one pin. The server renders an empty frame of the map's size; Leaflet and its
 * CSS arrive in their own chunk once the page has painted and the frame is near the viewport, so no
 * page's first load carries them.
 * With no tiles configured or reachable, the pin shows on a plain background.
 */
export function LocationMap({
  center,
  mode = 'static',
  zoom,
  onMove,
  label,
  className,
  immediate = false,
  focusOnReady = false,
  preview,
}: LocationMapProps) {
  const { t } = useI18n();
  const { config } = useRootData();
  const element = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  const [loading, setLoading] = useState<Loading>('waiting');
  const [announcement, setAnnouncement] = useState('');
  // The latest callback, without re-creating the map when the parent re-renders.
  const moved = useRef(onMove);
  moved.current = onMove;
  // The map is built where the place is when Leaflet arrives: a place picked while it loads counts.
  const latestCenter = useRef(center);
  latestCenter.current = center;
  const region = useRef<HTMLElement>(null);
  const startZoom = zoom ?? locationMapZoom(mode);

  // The static map's button had the focus and is gone: the map's region keeps it until Leaflet draws.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the map replaces the button
  useEffect(() => {
    if (focusOnReady) region.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once per mode; later centres go through setCenter
  useEffect(() => {
    let cancelled = false;
    if (!element.current) return;
    const load = (run: () => void) => {
      if (!immediate) return whenNearViewport(element.current as Element, run);
      run();
      return () => {};
    };
    const cancelWait = load(() => {
      import('./leaflet-map.ts').then(
        ({ mountMap }) => {
          if (cancelled || !element.current) return;
          controller.current = mountMap(element.current, {
            center: latestCenter.current,
            zoom: startZoom,
            mode,
            tileUrl: config.maps.tileUrl,
            attribution: config.maps.attribution,
            pinLabel: mode === 'draggable' ? t('places.map.pinDraggable') : t('places.map.pin'),
            zoomLabels: { in: t('places.map.zoomIn'), out: t('places.map.zoomOut') },
            onMove: (point) => moved.current?.(point),
            onKeyboardMove: (direction: PinDirection, meters: number) => {
              const text = t(`places.map.moved.${direction}`, { meters });
              // A live region repeats nothing: the same move twice must still be heard.
              setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
            },
          });
          setLoading('ready');
          // Leaflet makes its container focusable: keyboard users land where they asked to go.
          if (focusOnReady) element.current.focus();
        },
        () => !cancelled && setLoading('failed'),
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
      controller.current?.destroy();
      controller.current = null;
    };
  }, [mode, config.maps.tileUrl]);

  // A place picked elsewhere (the address box) moves the map and its pin there, the same place picked
  // again too (after the pin was dragged away). Callers keep `center` the same object while the place
  // is the same (a page's data revalidated does not recentre a map someone has panned).
  useEffect(() => {
    controller.current?.setCenter(center);
  }, [center]);

  return (
    <section
      ref={region}
      className={className ? `location-map ${className}` : 'location-map'}
      aria-label={label}
      tabIndex={-1}
    >
      <div ref={element} className="location-map__canvas" />
      {loading === 'waiting' &&
        (preview ?? <p className="location-map__placeholder">{t('places.map.loading')}</p>)}
      {loading === 'failed' && (
        <>
          {preview}
          <p className="location-map__placeholder location-map__placeholder--failed" role="alert">
            {t('places.map.failed')}
          </p>
        </>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
