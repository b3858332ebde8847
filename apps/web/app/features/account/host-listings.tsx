import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Pagination, pageParamHref } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ListingCardGrid } from '../listing-card/listing-card-grid.tsx';
import { HOST_LISTINGS_PAGE_PARAM, type HostListingsPage } from './host-listings-api.ts';

const SECTION_ID = 'host-listings';

/**
 * "Perfil de anfitrión (n)" on a public profile (spec part 1 §2): the person's published listings
 * as the search's cards, paged on their own query parameter so the review lists keep theirs. The
 * owner always has the link to publish another space.
 */
export function HostListings(props: { listings: HostListingsPage | null; isOwner: boolean; name: string }) {
  const t = useT();
  const location = useLocation();
  const { listings, isOwner } = props;
  const hrefFor = (page: number) => pageParamHref(location, HOST_LISTINGS_PAGE_PARAM, page, SECTION_ID);
  const headingId = `${SECTION_ID}-heading`;
  return (
    <section
      id={SECTION_ID}
      className="profile-listings"
      aria-labelledby={headingId}
      data-testid={SECTION_ID}
    >
      <h2 id={headingId} className="account-section__title">
        {listings === null
          ? t(isOwner ? 'hostListings.ownTitleUncounted' : 'hostListings.titleUncounted')
          : t(isOwner ? 'account.profile.hostListings.ownTitle' : 'account.profile.hostListings.title', {
              count: listings.meta.totalItems,
            })}
      </h2>
      {listings === null ? (
        <p role="alert">{t('hostListings.loadFailed')}</p>
      ) : listings.meta.totalItems === 0 ? (
        <p className="profile-listings__empty">
          {isOwner
            ? t('account.profile.hostListings.ownEmpty')
            : t('account.profile.hostListings.empty', { name: props.name })}
        </p>
      ) : (
        <>
          <ListingCardGrid className="host-listings__grid" listings={listings.listings} />
          <Pagination
            page={listings.meta.page}
            totalPages={listings.meta.totalPages}
            hrefFor={hrefFor}
            labels={{
              nav: t('hostListings.pagination.label'),
              previous: t('hostListings.pagination.previous'),
              next: t('hostListings.pagination.next'),
              page: (page) => t('hostListings.pagination.page', { page }),
            }}
          />
        </>
      )}
      {isOwner && (
        <Link to="/l/new" className="button button--primary">
          {t('account.profile.hostListings.createLink')}
        </Link>
      )}
    </section>
  );
}
