import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * The visitor's own time zone, once the page runs in their browser (null during the server render
 * and hydration, which cannot know it): times are shown in the listing's zone and labelled with it
 * when the two differ.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

/** Whether times shown in `listingZone` need the zone's name beside them for this visitor. */
export function zoneDiffers(listingZone: string, viewerZone: string | null): boolean {
  return viewerZone !== null && viewerZone !== listingZone;
}
