import type { SortKey } from '@hora/core/config';
import type { ListingCardView } from '@hora/core/listing';
import type { Bounds, SearchQuery } from '@hora/core/search';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useJsonText } from '../../json-text.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { returnPathOf } from '../favourites/favourite-paths.ts';
import { ListingCardGrid } from '../listing-card/listing-card-grid.tsx';
import { useMediaQuery } from '../listing-page/use-media-query.ts';
import { FilterBar } from './filter-bar.tsx';
import { FiltersModalButton } from './filters-modal.tsx';
import { MapPanel } from './map-panel.tsx';
import type { SearchPageData } from './search-data.ts';
import { mapMoveQuery, pageHref, searchHref, withFilters, withoutFilters } from './search-url.ts';
import { SortControl } from './sort-control.tsx';

/** The map's listings while there is no result: one array, so the map sees no change. */
const NO_LISTINGS: ListingCardView[] = [];

const noSubscribe = () => () => {};
/** False on the server and in the first render of the browser, true once React runs the page. */
function useLive(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * The search page (spec part 1 §2): filters, the count, the order, the grid of cards with pages,
 * and the map beside them (desktop) or instead of them (phones' list/map toggle). Everything is
 * rendered from the URL; changes navigate to a new URL and the loader answers.
 */
export function SearchPage(props: { data: SearchPageData }) {
  const t = useT();
  const { query, result, failure, map, favourites, signedIn, placeNotice } = props.data;
  const location = useLocation();
  const favourited = new Set(favourites);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const live = useLive();
  const wide = useMediaQuery('(min-width: 1024px)');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [activeListingId, setActiveListingId] = useState<string | null>(null);
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/s';

  // Live changes replace the entry and keep the scroll: a history of every slider step helps no one.
  const apply = useCallback(
    (next: SearchQuery) => navigate(searchHref(next), { replace: true, preventScrollReset: true }),
    [navigate],
  );
  const onSort = (sort: SortKey) => apply(withFilters(query, { sort }));
  const onMapSearchChange = (on: boolean) => apply(withFilters(query, { mapSearch: on }));
  const onBoundsChange = (bounds: Bounds) => {
    const next = mapMoveQuery(query, bounds);
    if (next) apply(next);
  };

  const listings = useJsonText(result?.listings ?? null);
  const totalItems = result?.meta.totalItems ?? null;
  const page = result?.meta.page ?? query.page ?? 1;
  const showMap = live && (wide || view === 'map');

  return (
    <main
      className={`search-page${live ? ' search-page--live' : ''}`}
      data-view={view}
      data-testid="search-page"
    >
      <h1 className="visually-hidden">{t('search.heading')}</h1>
      <FilterBar query={query} live={live} onApply={apply} />
      <div className="search-page__toolbar">
        <p className="search-page__status" aria-live="polite" data-testid="search-status">
          {loading
            ? t('search.loading')
            : totalItems === null
              ? t(failure ? `errors.api.${failure}` : 'search.failed')
              : totalItems === 0
                ? t('search.none')
                : t('search.count', { count: totalItems })}
        </p>
        {result === null && !loading && (
          <Link to={searchHref(query)} className="button button--secondary" reloadDocument>
            {t('search.retry')}
          </Link>
        )}
        {totalItems === 0 && (
          <Link to={searchHref(withoutFilters(query))} className="search-page__link">
            {t('search.resetFilters')}
          </Link>
        )}
        <div className="search-page__controls">
          <FiltersModalButton query={query} totalItems={totalItems} live={live} onApply={apply} />
          <SortControl query={query} onSort={onSort} live={live} />
          {/* Below 1024 px; rendered from the start so the toolbar does not move when the page goes live. */}
          <button
            type="button"
            className="button button--secondary search-page__view"
            aria-pressed={view === 'map'}
            onClick={() => setView(view === 'map' ? 'list' : 'map')}
          >
            {view === 'map' ? t('search.view.list') : t('search.view.map')}
          </button>
        </div>
      </div>
      <div className="search-page__body">
        <section className="search-results" aria-label={t('search.results')} aria-busy={loading}>
          {placeNotice && (
            <p className="search-results__notice" role="status">
              {t(`search.place.${placeNotice}`, { place: query.address ?? '' })}
            </p>
          )}
          {listings && listings.length > 0 && (
            <ListingCardGrid
              className="search-results__grid"
              listings={listings}
              onActive={setActiveListingId}
              action={(listing) => (
                <FavouriteButton
                  listingId={listing.id}
                  favourited={favourited.has(listing.id)}
                  signedIn={signedIn}
                  returnTo={returnPathOf(location)}
                />
              )}
            />
          )}
          {result && (
            <Pagination
              page={page}
              totalPages={result.meta.totalPages}
              hrefFor={(target) => pageHref(query, target)}
              labels={{
                nav: t('search.pagination.label'),
                previous: t('search.pagination.previous'),
                next: t('search.pagination.next'),
                page: (target) => t('search.pagination.page', { page: target }),
              }}
            />
          )}
        </section>
        <div className="search-page__map">
          {showMap && (
            <MapPanel
              listings={listings ?? NO_LISTINGS}
              bounds={query.bounds}
              activeListingId={activeListingId}
              mapSearch={query.mapSearch ?? false}
              onMapSearchChange={onMapSearchChange}
              onBoundsChange={onBoundsChange}
              tileUrl={map.tileUrl}
              attribution={map.attribution}
            />
          )}
        </div>
      </div>
    </main>
  );
}
