import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MenuIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { defaultInboxTab, inboxPath } from '../inbox/inbox-tabs.ts';
import { AccountLinks, LogoutButton } from './account-menu.tsx';
import { HomeLink } from './home-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SearchForm, type SearchMode } from './search-form.tsx';
import { useRootData } from './use-root-data.ts';

// Spec part 1 §2: `mobilemenu=open` and `mobilesearch=open` open the phone modals, so their state
// lives in the URL (shareable, works before the JavaScript has loaded, closes with Back).
const MENU_PARAM = 'mobilemenu';
const SEARCH_PARAM = 'mobilesearch';
const SEARCH_MODE_PARAM = 'mobilesearchmode';
const SEARCH_MODES: SearchMode[] = ['keywords', 'location'];

/** Phone top bar: menu button, logo and search button, each button opening its modal. */
export function MobileTopbar() {
  const t = useT();
  const [params] = useSearchParams();
  const awaiting = useRootData().viewer?.salesAwaiting ?? 0;
  return (
    <div className="topbar__mobile" data-testid="topbar-mobile">
      <ModalToggle
        param={MENU_PARAM}
        label={
          awaiting > 0
            ? `${t('topbar.mobile.openMenu')}, ${t('topbar.inboxAwaiting', { count: awaiting })}`
            : t('topbar.mobile.openMenu')
        }
        icon={
          <>
            <MenuIcon />
            {awaiting > 0 && <span className="notification-dot" aria-hidden="true" />}
          </>
        }
      />
      <HomeLink />
      <ModalToggle param={SEARCH_PARAM} label={t('topbar.mobile.openSearch')} icon={<SearchIcon />} />
      {params.get(MENU_PARAM) === 'open' && <MobileMenu />}
      {params.get(SEARCH_PARAM) === 'open' && <MobileSearch />}
    </div>
  );
}

/** The current location with query parameters set (a string) or removed (null). */
function useHrefWith() {
  const location = useLocation();
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  };
}

function ModalToggle(props: { param: string; label: string; icon: ReactNode }) {
  const hrefWith = useHrefWith();
  return (
    <Link
      to={hrefWith({ [props.param]: 'open' })}
      preventScrollReset
      className="icon-button"
      aria-label={props.label}
    >
      {props.icon}
    </Link>
  );
}

function useCloseModal(param: string) {
  const [, setParams] = useSearchParams();
  return () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        next.delete(SEARCH_MODE_PARAM);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
}

function MobileMenu() {
  const t = useT();
  const close = useCloseModal(MENU_PARAM);
  const { viewer } = useRootData();
  return (
    <Modal
      title={t('topbar.mobile.menuTitle')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="mobile-menu"
    >
      <div className="mobile-menu">
        {viewer ? (
          <>
            <p className="mobile-menu__greeting">
              {t('topbar.mobile.greeting', { firstName: viewer.firstName })}
            </p>
            <Link to={inboxPath(defaultInboxTab(viewer))} className="mobile-menu__link">
              {t('topbar.inbox')}
              {viewer.salesAwaiting > 0 && (
                <>
                  {' '}
                  <span className="count-badge" aria-hidden="true">
                    {viewer.salesAwaiting}
                  </span>
                  <span className="visually-hidden">
                    {' '}
                    {t('topbar.inboxAwaiting', { count: viewer.salesAwaiting })}
                  </span>
                </>
              )}
            </Link>
            <AccountLinks viewer={viewer} className="mobile-menu__link" />
            <LogoutButton className="mobile-menu__logout" />
          </>
        ) : (
          <>
            <p className="mobile-menu__greeting">{t('topbar.mobile.anonymousGreeting')}</p>
            <div className="mobile-menu__actions">
              <Link to="/signup" className="button button--primary">
                {t('topbar.signup')}
              </Link>
              <Link to="/login" className="button button--secondary">
                {t('topbar.login')}
              </Link>
            </div>
          </>
        )}
        <Link to="/l/new" className="mobile-menu__link">
          {t('topbar.createListing')}
        </Link>
        <Link to="/prices" className="mobile-menu__link">
          {t('topbar.subscriptions')}
        </Link>
        <LanguageSwitch />
      </div>
    </Modal>
  );
}

function MobileSearch() {
  const t = useT();
  const close = useCloseModal(SEARCH_PARAM);
  const hrefWith = useHrefWith();
  const [params] = useSearchParams();
  const mode = SEARCH_MODES.find((candidate) => candidate === params.get(SEARCH_MODE_PARAM));
  return (
    <Modal
      title={t('topbar.mobile.searchTitle')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="mobile-search"
    >
      <div className="mobile-search">
        <div className="mobile-search__modes">
          {SEARCH_MODES.map((option) => (
            <Link
              key={option}
              to={hrefWith({ [SEARCH_MODE_PARAM]: option })}
              replace
              preventScrollReset
              className={`button ${mode === option ? 'button--primary' : 'button--secondary'}`}
              aria-current={mode === option ? 'true' : undefined}
            >
              {t(`topbar.search.${option}`)}
            </Link>
          ))}
        </div>
        <p className="mobile-search__help">{t('topbar.mobile.searchHelp')}</p>
        {mode && <SearchForm key={mode} initialMode={mode} showModeSelect={false} autoFocus />}
      </div>
    </Modal>
  );
}
