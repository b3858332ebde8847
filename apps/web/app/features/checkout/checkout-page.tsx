import { Link } from '../../components/ui/link.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { BookingBreakdown } from '../breakdown/booking-breakdown.tsx';
import type { CheckoutData } from './checkout-loader.ts';
import { CheckoutNotice } from './checkout-notices.tsx';
import { PaymentForm } from './payment-form.tsx';

/**
 * The checkout page (spec part 1 §2): the listing and the booking's breakdown beside the payment
 * form, or, when the booking cannot go ahead, the message saying why and the way back.
 */
export function CheckoutPage({ data }: { data: CheckoutData }) {
  const t = useT();
  return (
    <main className="checkout-page" data-testid="checkout-page">
      <h1 className="checkout-page__title">{t('checkout.title')}</h1>
      <div className="checkout-page__layout">
        <section className="checkout-page__main" aria-label={t('checkout.payment')}>
          {data.error || !data.provider ? (
            <CheckoutNotice error={data.error ?? 'paymentRequestFailed'} listingPath={data.listing.path} />
          ) : (
            <PaymentForm data={data} provider={data.provider} />
          )}
        </section>
        <aside className="checkout-page__aside" aria-label={t('checkout.summary')}>
          <Link to={data.listing.path} className="checkout-listing">
            {data.listing.image && (
              <ListingImage
                image={data.listing.image}
                shape="landscape"
                alt=""
                loading="eager"
                sizes="320px"
              />
            )}
            <span className="checkout-listing__title">{data.listing.title}</span>
          </Link>
          {data.breakdown && <BookingBreakdown breakdown={data.breakdown} party="customer" />}
        </aside>
      </div>
    </main>
  );
}
