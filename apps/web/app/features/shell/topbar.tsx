import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { defaultInboxTab, inboxPath } from '../inbox/inbox-tabs.ts';
import { AccountMenu } from './account-menu.tsx';
import { HomeLink } from './home-link.tsx';
import { SearchForm } from './search-form.tsx';
import { MobileTopbar } from './topbar-mobile.tsx';
import { useRootData } from './use-root-data.ts';

/** Desktop and phone variants are both rendered; CSS shows one on either side of 768 px. */
export function Topbar() {
  return (
    <header className="topbar">
      <DesktopTopbar />
      <MobileTopbar />
    </header>
  );
}

function DesktopTopbar() {
  const t = useT();
  const { viewer } = useRootData();
  return (
    <div className="topbar__desktop" data-testid="topbar-desktop">
      <HomeLink />
      <SearchForm />
      <nav className="topbar__links" aria-label={t('topbar.navLabel')}>
        <Link to="/prices" className="topbar__link">
          {t('topbar.subscriptions')}
        </Link>
        <Link to="/l/new" className="topbar__link">
          {t('topbar.createListing')}
        </Link>
        {viewer ? (
          <>
            <Link to={inboxPath(defaultInboxTab(viewer))} className="topbar__link">
              {t('topbar.inbox')}
              {viewer.salesAwaiting > 0 && (
                <>
                  <span className="notification-dot" aria-hidden="true" />
                  <span className="visually-hidden">
                    {' '}
                    {t('topbar.inboxAwaiting', { count: viewer.salesAwaiting })}
                  </span>
                </>
              )}
            </Link>
            <AccountMenu viewer={viewer} />
          </>
        ) : (
          <>
            <Link to="/signup" className="topbar__link">
              {t('topbar.signup')}
            </Link>
            <Link to="/login" className="button button--primary topbar__login">
              {t('topbar.login')}
            </Link>
          </>
        )}
      </nav>
    </div>
  );
}
