import type { ListingView } from '@hora/core/listing';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { editListingPath, finishDraftPath } from './listing-paths.ts';

/** The variant page's banner: what the owner is looking at, and how to go on. */
export function VariantBanner({ listing }: { listing: ListingView }) {
  const t = useT();
  if (listing.state === 'draft') {
    return (
      <div className="listing-banner" role="status" data-testid="draft-banner">
        <p>{t('listing.banner.draft')}</p>
        <Link to={finishDraftPath(listing)} className="button button--primary">
          {t('listing.banner.finishDraft')}
        </Link>
      </div>
    );
  }
  if (listing.state === 'pendingApproval') {
    return (
      <div className="listing-banner" role="status" data-testid="pending-banner">
        <p>{t('listing.banner.pendingApproval')}</p>
      </div>
    );
  }
  return null;
}

/** Closed listings show this instead of the booking panel (spec part 1 §2). */
export function ClosedNotice() {
  const t = useT();
  return (
    <div className="listing-notice" role="status" data-testid="closed-notice">
      <h2 className="listing-notice__title">{t('listing.closed.title')}</h2>
      <p>{t('listing.closed.text')}</p>
    </div>
  );
}

/** Owners do not book their own space: they get the way to edit it instead. */
export function OwnerPanel({ listing }: { listing: ListingView }) {
  const t = useT();
  return (
    <div className="listing-notice" data-testid="owner-panel">
      <h2 className="listing-notice__title">{t('listing.owner.title')}</h2>
      {listing.state === 'published' && <p>{t('listing.owner.ownListing')}</p>}
      {listing.state === 'closed' && <p>{t('listing.owner.closed')}</p>}
      <Link to={editListingPath(listing)} className="button button--primary">
        {t('listing.owner.edit')}
      </Link>
      {listing.state === 'closed' && (
        <Link to="/listings" className="button button--secondary">
          {t('listing.owner.openFromManage')}
        </Link>
      )}
    </div>
  );
}
