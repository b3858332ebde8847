import { Link, useLocation, useSearchParams } from 'react-router';
import { Logo, MenuIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SearchForm, type SearchMode } from './search-form.tsx';
import { useRootData } from './use-root-data.ts';

const MENU_PARAM = 'mobilemenu';
const SEARCH_PARAM = 'mobilesearch';

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
  const { config } = useRootData();
  return (
    <div className="topbar__desktop" data-testid="topbar-desktop">
      <Link
        to="/"
        className="topbar__logo"
        aria-label={t('topbar.logoLabel', { marketplace: config.marketplaceName })}
      >
        <Logo name={config.marketplaceName} />
      </Link>
      <SearchForm />
      <nav className="topbar__links" aria-label={t('topbar.navLabel')}>
        <Link to="/prices" className="topbar__link">
          {t('topbar.subscriptions')}
        </Link>
        <Link to="/l/new" className="topbar__link">
          {t('topbar.createListing')}
        </Link>
        <AnonymousLinks />
      </nav>
    </div>
  );
}

function AnonymousLinks() {
  const t = useT();
  return (
    <>
      <Link to="/signup" className="topbar__link">
        {t('topbar.signup')}
      </Link>
      <Link to="/login" className="button button--primary topbar__login">
        {t('topbar.login')}
      </Link>
    </>
  );
}

/** Phone top bar: menu button, logo, search button; each modal's open state lives in the URL. */
function MobileTopbar() {
  const t = useT();
  const { config } = useRootData();
  const location = useLocation();
  const [params] = useSearchParams();
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  };
  return (
    <div className="topbar__mobile" data-testid="topbar-mobile">
      <Link
        to={withParam(MENU_PARAM, 'open')}
        preventScrollReset
        className="icon-button"
        aria-label={t('topbar.mobile.openMenu')}
      >
        <MenuIcon />
      </Link>
      <Link
        to="/"
        className="topbar__logo"
        aria-label={t('topbar.logoLabel', { marketplace: config.marketplaceName })}
      >
        <Logo name={config.marketplaceName} />
      </Link>
      <Link
        to={withParam(SEARCH_PARAM, 'open')}
        preventScrollReset
        className="icon-button"
        aria-label={t('topbar.mobile.openSearch')}
      >
        <SearchIcon />
      </Link>
      {params.get(MENU_PARAM) === 'open' && <MobileMenu closeTo={withParam(MENU_PARAM, null)} />}
      {params.get(SEARCH_PARAM) === 'open' && <MobileSearch closeTo={withParam(SEARCH_PARAM, null)} />}
    </div>
  );
}

function useCloser(to: string) {
  const [, setParams] = useSearchParams();
  return () => setParams(new URL(to, 'http://x').searchParams, { preventScrollReset: true, replace: true });
}

function MobileMenu({ closeTo }: { closeTo: string }) {
  const t = useT();
  const close = useCloser(closeTo);
  return (
    <Modal
      title={t('topbar.mobile.menuTitle')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="mobile-menu"
    >
      <div className="mobile-menu">
        <p className="mobile-menu__greeting">{t('topbar.mobile.anonymousGreeting')}</p>
        <div className="mobile-menu__actions">
          <Link to="/signup" className="button button--primary">
            {t('topbar.signup')}
          </Link>
          <Link to="/login" className="button button--secondary">
            {t('topbar.login')}
          </Link>
        </div>
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

function MobileSearch({ closeTo }: { closeTo: string }) {
  const t = useT();
  const close = useCloser(closeTo);
  const [params, setParams] = useSearchParams();
  const mode = params.get('mobilesearchmode');
  const choose = (value: SearchMode) => {
    const next = new URLSearchParams(params);
    next.set('mobilesearchmode', value);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  return (
    <Modal
      title={t('topbar.mobile.searchTitle')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="mobile-search"
    >
      <div className="mobile-search">
        <div className="mobile-search__modes">
          <button
            type="button"
            className={`button ${mode === 'keywords' ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={mode === 'keywords'}
            onClick={() => choose('keywords')}
          >
            {t('topbar.search.keywords')}
          </button>
          <button
            type="button"
            className={`button ${mode === 'location' ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={mode === 'location'}
            onClick={() => choose('location')}
          >
            {t('topbar.search.location')}
          </button>
        </div>
        <p className="mobile-search__help">{t('topbar.mobile.searchHelp')}</p>
        {(mode === 'keywords' || mode === 'location') && (
          <SearchForm key={mode} initialMode={mode} showModeSelect={false} />
        )}
      </div>
    </Modal>
  );
}
