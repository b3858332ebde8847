import { manageListingCard, type OwnListingView } from '@hora/core/listing';
import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { editListingPath, finishDraftPath, listingPagePath } from '../listing-page/listing-paths.ts';
import { PricePerHour } from '../listing-page/price-per-hour.tsx';
import { ACTION_FIELDS, cardActionState, type RunningAction } from './action-lock.ts';
import { CardMenu } from './card-menu.tsx';
import type { ListingAction } from './own-listings-api.ts';

/** What the page's action answers for one card. */
export type ListingActionResult =
  | { listingId: string; action: ListingAction; ok: true }
  | { listingId: string; action: ListingAction; ok: false; error: string };

const CARD_SIZES = '(max-width: 767px) 100vw, 360px';

/**
 * One of the host's listings (spec part 1 §2): photo, title, price and state, the overlay of its
 * state (pending approval; closed, with the button that opens it; a draft's link to finish it),
 * the menu (view, edit, close when published) and, when an action failed, its error.
 */
export function OwnListingCard(props: {
  listing: OwnListingView;
  running: RunningAction | null;
  /** The answer of a form sent without JavaScript (the page's action data) for this card. */
  pageResult: ListingActionResult | undefined;
}) {
  const t = useT();
  const { listing } = props;
  const card = manageListingCard(listing.state);
  const fetcher = useFetcher<ListingActionResult>({ key: `listing-action:${listing.id}` });
  const state = cardActionState(listing.id, props.running);
  const location = useLocation();
  const [dismissed, setDismissed] = useState<ListingActionResult | null>(null);
  const result = fetcher.state === 'idle' ? (fetcher.data ?? props.pageResult) : undefined;
  const failure = result && !result.ok && result !== dismissed ? result : undefined;
  const viewPath = listingPagePath(listing);
  const cover = listing.images[0];

  const actionForm = (action: ListingAction, className: string, label: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name={ACTION_FIELDS.intent} value={action} />
      <input type="hidden" name={ACTION_FIELDS.listingId} value={listing.id} />
      <button type="submit" className={className} disabled={state !== 'ready'}>
        {label}
      </button>
    </fetcher.Form>
  );

  return (
    <li className="own-card" data-testid="own-listing-card" data-state={listing.state}>
      <div className="own-card__media">
        <Link to={viewPath} className="own-card__image" tabIndex={-1} aria-hidden="true">
          {cover ? (
            <ListingImage image={cover} shape="landscape" sizes={CARD_SIZES} alt="" />
          ) : (
            <span className="own-card__no-image">{t('manageListings.card.noImage')}</span>
          )}
        </Link>
        {state === 'running' && props.running && (
          <div className="own-card__overlay" role="status">
            <p>
              {t(
                props.running.action === 'open'
                  ? 'manageListings.card.opening'
                  : 'manageListings.card.closing',
              )}
            </p>
          </div>
        )}
        {state !== 'running' && failure && (
          <div className="own-card__overlay own-card__overlay--error" role="alert">
            <p>
              {t(
                failure.action === 'open'
                  ? 'manageListings.card.openFailed'
                  : 'manageListings.card.closeFailed',
              )}
            </p>
            {failure.error !== 'errors.api.generic' && <p>{t(failure.error)}</p>}
            {/* Without JavaScript, the link loads the page again without the answer. */}
            <Link
              to={`${location.pathname}${location.search}`}
              className="button button--secondary"
              onClick={(event) => {
                event.preventDefault();
                setDismissed(failure);
              }}
            >
              {t('manageListings.card.dismissError')}
            </Link>
          </div>
        )}
        {state !== 'running' && !failure && card.overlay === 'pending-approval' && (
          <div className="own-card__overlay">
            <p>{t('manageListings.card.pendingApproval')}</p>
          </div>
        )}
        {state !== 'running' && !failure && card.overlay === 'closed' && (
          <div className="own-card__overlay">
            <p>{t('manageListings.card.closed')}</p>
            {actionForm('open', 'button button--primary', t('manageListings.card.open'))}
          </div>
        )}
        {state !== 'running' && !failure && card.finishDraftTab && (
          <div className="own-card__overlay">
            <p>{t('manageListings.card.draft')}</p>
            <Link to={finishDraftPath(listing)} className="button button--primary">
              {t('manageListings.card.finishDraft')}
            </Link>
          </div>
        )}
      </div>
      <div className="own-card__info">
        <div className="own-card__text">
          <Link to={viewPath} className="own-card__title">
            {listing.title}
          </Link>
          <PricePerHour listing={listing} className="own-card__price" namespace="manageListings" />
          <p className="own-card__state">{t(`manageListings.state.${listing.state}`)}</p>
        </div>
        <CardMenu label={t('manageListings.menu.label', { title: listing.title })}>
          <li>
            <Link to={viewPath} className="card-menu__item">
              {t('manageListings.menu.view')}
            </Link>
          </li>
          <li>
            <Link to={editListingPath(listing)} className="card-menu__item">
              {t('manageListings.menu.edit')}
            </Link>
          </li>
          {card.canClose && <li>{actionForm('close', 'card-menu__item', t('manageListings.menu.close'))}</li>}
          {card.canOpen && <li>{actionForm('open', 'card-menu__item', t('manageListings.menu.open'))}</li>}
        </CardMenu>
      </div>
    </li>
  );
}
