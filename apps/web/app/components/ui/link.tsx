import { createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { type LinkProps, type NavigateFunction, Link as RouterLink, useNavigate } from 'react-router';

/** The router's `navigate`, taken once for the page's links (`LinkNavigation`). */
const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives the page's `Link`s the router's `navigate`: one hook for the page instead of several per link. */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

/** What a click needs of the link it landed on. */
interface Followed {
  to: string;
  target?: string;
  replace?: boolean;
  preventScrollReset?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * A click on a plain site link: its own `onClick` first; then, for a click the browser would follow
 * in the same tab (the main button, no modifier key for a new tab, window or download, no other
 * target: React Router's `Link`'s rule), the router navigates instead of the browser, replacing the
 * history entry when the link names the page already shown (`currentUrl`), as `Link` does.
 */
export function followLink(
  event: MouseEvent<HTMLAnchorElement>,
  link: Followed,
  navigate: NavigateFunction,
  currentUrl: string,
): void {
  link.onClick?.(event);
  if (event.defaultPrevented || event.button !== 0) return;
  if (link.target && link.target !== '_self') return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigate(link.to, {
    replace: link.replace ?? currentUrl === link.to,
    preventScrollReset: link.preventScrollReset,
  });
}

/**
 * A link this module writes as a plain anchor: to a path of this site written in full (`/…`, not
 * `//host/…`, another site, nor relative; not ending in an empty `?` or `#`, which React Router
 * would drop from the address), with none of the options only React Router's `Link` has.
 */
export function isPlainSiteLink(props: LinkProps): props is LinkProps & { to: string } {
  const { to } = props;
  return (
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    !to.startsWith('/\\') &&
    !to.endsWith('?') &&
    !to.endsWith('#') &&
    !props.reloadDocument &&
    props.state === undefined &&
    props.relative === undefined &&
    (props.prefetch === undefined || props.prefetch === 'none') &&
    !props.viewTransition &&
    props.mask === undefined &&
    props.defaultShouldRevalidate === undefined &&
    props.discover !== 'none'
  );
}

/**
 * React Router's `Link` for the app (decision 0077). Nearly every link names a path of the site in
 * full, which React Router's `Link` still resolves against the current route two or three times a
 * render, with five hooks: the search page's 42 links took about 5 % of its server time. Such a
 * link is written here as a plain anchor, with `data-discover` so lazy route discovery still finds
 * its route, and a click on it navigates as `Link` does (`followLink`; the app's router does not
 * use React's transitions, which `Link` would wrap the navigation in). Any other link (relative,
 * with state, prefetching, reloading the document…) is React Router's own.
 */
export function Link(props: LinkProps) {
  const navigate = useContext(NavigateContext);
  if (navigate === null || !isPlainSiteLink(props)) return <RouterLink {...props} />;
  // The anchor takes the rest: React Router's own options are left out, even when they are off
  // (`reloadDocument={false}`, the error pages' home link), or React would warn of an unknown attribute.
  const {
    to,
    replace,
    preventScrollReset,
    onClick,
    target,
    reloadDocument,
    state,
    relative,
    prefetch,
    viewTransition,
    mask,
    defaultShouldRevalidate,
    discover,
    ...anchor
  } = props;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const { pathname, search, hash } = window.location;
    followLink(
      event,
      { to, target, replace, preventScrollReset, onClick },
      navigate,
      `${pathname}${search}${hash}`,
    );
  };
  return <a {...anchor} href={to} onClick={follow} target={target} data-discover="true" />;
}
