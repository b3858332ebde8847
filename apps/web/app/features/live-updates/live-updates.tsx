import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { useRootData } from '../shell/use-root-data.ts';

/** After the page's load event (its own scripts first), or at once after a client-side navigation. */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => setTimeout(resolve), { once: true }));
}

/**
 * Live updates for signed-in people (decision 0048): once the page has loaded, a small module opens
 * the event stream; a change to the open transaction, the inbox or the dot re-reads the page's data
 * through its loaders. Renders nothing.
 */
export function LiveUpdates() {
  const { viewer } = useRootData();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ revalidator, pathname, salesAwaiting: viewer?.salesAwaiting ?? 0 });
  latest.current = { revalidator, pathname, salesAwaiting: viewer?.salesAwaiting ?? 0 };
  const userId = viewer?.id;

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterLoad()
      .then(() => import('./live-connection.ts'))
      .then(({ connectLiveUpdates }) => {
        if (cancelled) return;
        stop = connectLiveUpdates({
          pathname: () => latest.current.pathname,
          salesAwaiting: () => latest.current.salesAwaiting,
          refresh: () => void latest.current.revalidator.revalidate(),
          EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
          awaitingCount: async () => {
            const response = await fetch('/api/transactions/awaiting-count');
            if (!response.ok) throw new Error(`awaiting-count answered ${response.status}`);
            return ((await response.json()) as { count: number }).count;
          },
          visibility: document,
        });
      })
      // Without its script (offline, a new deployment) the page works as before: by reloading.
      .catch(() => {});
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
