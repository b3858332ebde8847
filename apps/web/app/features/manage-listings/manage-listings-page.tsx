import { useFetchers, useNavigation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { runningAction } from './action-lock.ts';
import { managePagePath } from './manage-page.ts';
import { type ListingActionResult, OwnListingCard } from './own-listing-card.tsx';
import type { OwnListingsPage } from './own-listings-api.ts';

/**
 * "Tus anuncios" (spec part 1 §2): a heading that says how things stand (loading, the query failed,
 * no listings yet, or how many), the grid of the host's listings and the pages.
 */
export function ManageListingsPage(props: {
  page: number;
  result: OwnListingsPage | null;
  actionResult: ListingActionResult | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const running = runningAction(useFetchers());
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/listings';
  const { result } = props;

  return (
    <main className="manage-listings" data-testid="manage-listings">
      <div className="manage-listings__heading">
        <h1 aria-live="polite">
          {loading
            ? t('manageListings.heading.loading')
            : result === null
              ? t('manageListings.heading.failed')
              : result.meta.totalItems === 0
                ? t('manageListings.heading.none')
                : t('manageListings.heading.count', { count: result.meta.totalItems })}
        </h1>
        {result === null && (
          <Link to={managePagePath(props.page)} className="button button--secondary" reloadDocument>
            {t('manageListings.retry')}
          </Link>
        )}
        {result?.meta.totalItems === 0 && (
          <Link to="/l/new" className="button button--primary">
            {t('manageListings.createFirst')}
          </Link>
        )}
      </div>
      {result && result.listings.length > 0 && (
        <ul className="manage-listings__grid" aria-busy={running !== null}>
          {result.listings.map((listing) => (
            <OwnListingCard
              key={listing.id}
              listing={listing}
              running={running}
              pageResult={props.actionResult?.listingId === listing.id ? props.actionResult : undefined}
            />
          ))}
        </ul>
      )}
      {result && (
        <Pagination
          page={props.page}
          totalPages={result.meta.totalPages}
          hrefFor={managePagePath}
          labels={{
            nav: t('manageListings.pagination.label'),
            previous: t('manageListings.pagination.previous'),
            next: t('manageListings.pagination.next'),
            page: (page) => t('manageListings.pagination.page', { page }),
          }}
        />
      )}
    </main>
  );
}
