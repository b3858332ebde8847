import { type Role, transactionPanelView } from '@hora/core/process';
import { listingPath } from '@hora/core/search';
import type { BreakdownView, TransactionView } from '@hora/core/transactions';
import type { ReactNode } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { BookingBreakdown } from '../breakdown/booking-breakdown.tsx';
import { ReviewPanel } from '../reviews/review-panel.tsx';
import { OtherParty } from './party.tsx';
import { PendingPayment } from './pending-payment.tsx';
import { SaleActions } from './sale-actions.tsx';
import { headingStateOf, TransactionHeading } from './transaction-heading.tsx';
import type { TransactionPageData } from './transaction-loader.ts';

/** The breakdown of a transaction that has a booking and its totals (every paid request). */
export function breakdownOf(transaction: TransactionView): BreakdownView | null {
  const { booking, payinTotal, payoutTotal } = transaction;
  if (!booking || !payinTotal || !payoutTotal) return null;
  return {
    lineItems: transaction.lineItems,
    payinTotal,
    payoutTotal,
    booking,
    timeZone: transaction.listing.timeZone,
  };
}

/** What the page shows for its viewer, from core's panel rules (the process table). */
export function pageViewOf(transaction: TransactionView) {
  const role: Role = transaction.role;
  const known = headingStateOf(transaction.lastTransition) !== null;
  const panel = known
    ? transactionPanelView(transaction, {
        role,
        customerBanned: transaction.customer.banned,
        customerDeleted: transaction.customer.deleted,
        providerBanned: transaction.provider.banned,
        providerDeleted: transaction.provider.deleted,
        listingDeleted: transaction.listing.deleted,
      })
    : null;
  return {
    role,
    showSaleButtons: panel?.showSaleButtons === true && transaction.nextTransitions.includes('accept'),
    // The API withholds the address from the customer until then; the page follows the same rule.
    address: role === 'provider' || panel?.showAddress ? transaction.listing.address : null,
    showListingLink: !transaction.listing.deleted,
    pendingPayment: role === 'customer' && transaction.state === 'pending-payment',
  };
}

function ListingTitle({ transaction, linked }: { transaction: TransactionView; linked: boolean }) {
  const t = useT();
  const { listing } = transaction;
  if (!linked) return <p className="transaction-listing__title">{t('transactions.listing.deleted')}</p>;
  return (
    <p className="transaction-listing__title">
      <Link to={listingPath({ id: listing.id, title: listing.title })}>{listing.title}</Link>
    </p>
  );
}

/**
 * The order (customer) or sale (provider) page: the listing, the state heading, the other party,
 * the address once the customer may see it, the breakdown, and what the viewer can do now.
 * `activity` is where the next issue's activity feed, messages and reviews go.
 */
export function TransactionPage(props: {
  data: TransactionPageData;
  activity?: ReactNode;
  /** Issue 12: the booking panel after an enquiry (side column). */
  booking?: ReactNode;
}) {
  const t = useT();
  const { transaction, idempotencyKey, now } = props.data;
  const view = pageViewOf(transaction);
  const breakdown = breakdownOf(transaction);
  const image = transaction.listing.image;
  return (
    <main className="transaction-page">
      <div className="transaction-page__image">
        {image ? (
          <ListingImage
            image={image}
            shape="landscape"
            alt=""
            loading="eager"
            sizes="(max-width: 1023px) 100vw, 360px"
          />
        ) : (
          <div className="transaction-page__no-image" />
        )}
      </div>
      <div className="transaction-page__main">
        <ListingTitle transaction={transaction} linked={view.showListingLink} />
        <TransactionHeading transaction={transaction} role={view.role} />
        <OtherParty transaction={transaction} role={view.role} />
        {view.pendingPayment ? <PendingPayment transaction={transaction} serverNow={now} /> : null}
        {view.address ? (
          <section className="transaction-address" aria-labelledby="transaction-address-title">
            <h2 id="transaction-address-title">{t('transactions.address.title')}</h2>
            <p>
              {view.address.address}
              {view.address.building ? (
                <>
                  <br />
                  {view.address.building}
                </>
              ) : null}
            </p>
          </section>
        ) : null}
        {view.showSaleButtons ? <SaleActions idempotencyKey={idempotencyKey} /> : null}
        <ReviewPanel transaction={transaction} reviews={props.data.reviews} />
        {props.activity}
      </div>
      <div className="transaction-page__breakdown">
        {props.booking}
        {breakdown ? (
          <BookingBreakdown breakdown={breakdown} role={view.role} refunded={transaction.payment.refunded} />
        ) : null}
      </div>
    </main>
  );
}
