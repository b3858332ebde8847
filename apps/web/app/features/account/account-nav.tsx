import { BREAKPOINTS } from '@hora/core/config';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { ACCOUNT_NAV_TABS } from './account-nav-tabs.ts';

/**
 * The account-settings tabs (spec part 1 §2). Up to 1023 px they form a horizontal scroller, and the
 * current tab is scrolled into view once the fonts have loaded (their widths are final only then).
 */
export function AccountNav() {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!window.matchMedia(`(max-width: ${BREAKPOINTS.accountNavScroll}px)`).matches) return;
    let cancelled = false;
    void document.fonts.ready.then(() => {
      const scroller = list.current;
      const current = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
      if (cancelled || !scroller || !current) return;
      // Scroll the strip only, never the page (scrollIntoView would also scroll the window).
      scroller.scrollLeft = current.offsetLeft - (scroller.clientWidth - current.offsetWidth) / 2;
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul className="account-nav__tabs" ref={list}>
        {ACCOUNT_NAV_TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink to={tab.path} className="account-nav__tab" prefetch="intent">
              {t(tab.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
