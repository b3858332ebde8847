import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Spec part 1 §2: after each navigation, scroll smoothly to the hash target or to the top, and tell
 * analytics (any listener of `hora:location-changed`) the canonical URL. Back/forward navigations keep
 * the browser's own scroll restoration, and a change of query alone (a modal opening, a filter) is
 * not a new page, so it keeps the scroll position.
 */
export function useScrollOnNavigation(publicUrl: string): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') {
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (target) target.scrollIntoView({ behavior: 'smooth' });
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    window.dispatchEvent(
      new CustomEvent('hora:location-changed', {
        detail: { canonicalUrl: `${publicUrl}${location.pathname}` },
      }),
    );
  }, [location.pathname, location.hash, navigationType, publicUrl]);
}
