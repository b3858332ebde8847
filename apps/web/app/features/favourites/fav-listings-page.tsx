import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ListingCardGrid } from '../listing-card/listing-card-grid.tsx';
import { favListingsPath } from './fav-listings-data.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { returnPathOf } from './favourite-paths.ts';
import type { FavouritesPage } from './favourites-api.ts';

/**
 * "Anuncios favoritos": the viewer's favourites as cards, newest favourite first, each with its
 * heart. A heart undone here keeps its card until the page is loaded again, so a slip is undone
 * with one more tap.
 */
export function FavListingsPage({ page, result }: { page: number; result: FavouritesPage | null }) {
  const t = useT();
  const returnTo = returnPathOf(useLocation());
  return (
    <main className="fav-listings" data-testid="fav-listings">
      <div className="fav-listings__heading">
        <h1>{t('favourites.title')}</h1>
        {result === null ? (
          <p aria-live="polite">
            {t('favourites.heading.failed')}{' '}
            <Link to={favListingsPath(page)} reloadDocument>
              {t('favourites.retry')}
            </Link>
          </p>
        ) : (
          result.meta.totalItems > 0 && (
            <p className="fav-listings__count">
              {t('favourites.heading.count', { count: result.meta.totalItems })}
            </p>
          )
        )}
      </div>
      {result?.meta.totalItems === 0 && (
        <section className="fav-listings__empty" data-testid="fav-listings-empty">
          <h2>{t('favourites.empty.title')}</h2>
          <p>{t('favourites.empty.text')}</p>
          <Link to="/s" className="button button--primary">
            {t('favourites.empty.search')}
          </Link>
        </section>
      )}
      {result && result.listings.length > 0 && (
        <ListingCardGrid
          className="fav-listings__grid"
          listings={result.listings}
          action={(listing) => (
            <FavouriteButton listingId={listing.id} favourited signedIn returnTo={returnTo} />
          )}
        />
      )}
      {result && (
        <Pagination
          page={page}
          totalPages={result.meta.totalPages}
          hrefFor={favListingsPath}
          labels={{
            nav: t('favourites.pagination.label'),
            previous: t('favourites.pagination.previous'),
            next: t('favourites.pagination.next'),
            page: (n) => t('favourites.pagination.page', { page: n }),
          }}
        />
      )}
    </main>
  );
}
