import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date. The server cannot know the screen: it renders as
 * if nothing matched, and the browser corrects that once the page is live.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
