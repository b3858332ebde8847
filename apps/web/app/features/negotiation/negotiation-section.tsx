import type { ListingView } from '@hora/core/listing';
import { formatMoney, type Money } from '@hora/core/money';
import type { NegotiationView, OfferMessageView } from '@hora/core/offers';
import type { TransactionView } from '@hora/core/transactions';
import type { ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { useI18n, useT } from '../../i18n/i18n.tsx';
import { BookingForm } from '../listing-page/booking-form.tsx';
import { PricePerHour } from '../listing-page/price-per-hour.tsx';
import { NEGOTIATION_FIELDS, type NegotiationResult } from './negotiation-fields.ts';
import { type NegotiationPageData, negotiationPartsOf } from './negotiation-parts.ts';

/** "12,50 € por hora": an agreed or offered per-hour price (spec part 2 §9, negotiated price display). */
function PerHour({ price }: { price: Money }) {
  const { t, locale } = useI18n();
  return <>{t('offers.perHour', { price: formatMoney(price, { locale }) })}</>;
}

function usePending() {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.has(NEGOTIATION_FIELDS.intent) === true
    ? String(navigation.formData.get(NEGOTIATION_FIELDS.intent))
    : null;
}

/**
 * One offer or answer as a card of the activity feed; the customer answers the open offer from it (a
 * plain form post). Its time is told as the feed's, in the listing's time zone.
 */
export function OfferCard(props: {
  offer: OfferMessageView;
  role: TransactionView['role'];
  answerable: boolean;
  timeZone: string;
}) {
  const { t, locale } = useI18n();
  const pending = usePending();
  const { offer, role } = props;
  const when = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: props.timeZone,
  }).format(new Date(offer.createdAt));
  return (
    <li className={`offer-card offer-card--${offer.kind}`} data-testid={`offer-card-${offer.kind}`}>
      <p className="offer-card__title">{t(`offers.card.${offer.kind}.${role}`)}</p>
      <p className="offer-card__price">
        <PerHour price={offer.price} />
      </p>
      <p className="offer-card__time">
        <time dateTime={offer.createdAt}>{when}</time>
      </p>
      {props.answerable ? (
        <Form method="post" className="offer-card__actions">
          <IntentButton intent="decline" pending={pending} className="button button--secondary">
            {pending === 'decline' ? t('offers.answer.declining') : t('offers.answer.decline')}
          </IntentButton>
          <IntentButton intent="accept" pending={pending} className="button button--primary">
            {pending === 'accept' ? t('offers.answer.accepting') : t('offers.answer.accept')}
          </IntentButton>
        </Form>
      ) : null}
    </li>
  );
}

/** A submit button naming its form's intent; every negotiation button is disabled while one is sent. */
function IntentButton(props: {
  intent: 'offer' | 'accept' | 'decline';
  pending: string | null;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={NEGOTIATION_FIELDS.intent}
      value={props.intent}
      className={props.className}
      disabled={props.pending !== null}
    >
      {props.children}
    </button>
  );
}

/** The provider's "make an offer" control, with the spec's offer state (sent or accepted / not sent). */
function OfferForm({ negotiation }: { negotiation: NegotiationView }) {
  const t = useT();
  const pending = usePending();
  const result = (useActionData() as NegotiationResult | undefined)?.negotiation;
  if (negotiation.formState === 'sent-or-accepted') {
    return (
      <p className="offer-form__state" data-testid="offer-state" data-state="sent-or-accepted">
        {negotiation.status === 'accepted' && negotiation.agreedUnitPrice ? (
          <>
            {t('offers.form.accepted')}{' '}
            <strong>
              <PerHour price={negotiation.agreedUnitPrice} />
            </strong>
          </>
        ) : (
          t('offers.form.sent')
        )}
      </p>
    );
  }
  if (!negotiation.canOffer) return null;
  return (
    <Form method="post" className="offer-form" data-testid="offer-form" data-state="not-sent">
      <p className="offer-form__state">{t('offers.form.notSent')}</p>
      {result && !result.field ? <Alert tone="error">{t(result.error)}</Alert> : null}
      <div className="offer-form__row">
        <TextField
          name={NEGOTIATION_FIELDS.price}
          label={t('offers.form.price')}
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={12}
          defaultValue={result?.price ?? ''}
          error={result?.field ? result.error : undefined}
          hint={t('offers.form.priceHint')}
        />
        <IntentButton intent="offer" pending={pending} className="button button--primary offer-form__submit">
          {pending === 'offer' ? t('offers.form.sending') : t('offers.form.send')}
        </IntentButton>
      </div>
    </Form>
  );
}

/**
 * The open offer the customer may answer from its card in the activity feed (its id), if any.
 * Offers and answers themselves are rows of the feed (`MessageView.offer`), in time order.
 */
export function answerableOfferIdOf(transaction: TransactionView, data: NegotiationPageData): string | null {
  const { negotiation } = data;
  if (transaction.role !== 'customer' || !negotiation?.canAnswer || negotiation.status !== 'offered')
    return null;
  return negotiation.offers.at(-1)?.id ?? null;
}

/**
 * The negotiation beside the send-message form (spec: the offer button on the message form): the
 * provider's offer form with its offer state, the customer's note while waiting for an offer, and a
 * refused answer's message. Nothing when the listing is not negotiable and no offer was ever made.
 */
export function NegotiationControls(props: { transaction: TransactionView; data: NegotiationPageData }) {
  const t = useT();
  const { transaction } = props;
  const { negotiation } = props.data;
  const result = (useActionData() as NegotiationResult | undefined)?.negotiation;
  if (!negotiation) return null;
  const parts = negotiationPartsOf(transaction, negotiation);
  const answerRefused = result && transaction.role === 'customer';
  if (!parts.showOfferForm && !parts.waitingForOffer && !answerRefused) return null;
  return (
    <section className="negotiation" aria-labelledby="negotiation-title" data-testid="negotiation">
      <h3 id="negotiation-title" className="negotiation__title">
        {t('offers.title')}
      </h3>
      {parts.waitingForOffer ? <p className="negotiation__note">{t('offers.waiting')}</p> : null}
      {answerRefused ? <Alert tone="error">{t(result.error)}</Alert> : null}
      {parts.showOfferForm ? <OfferForm negotiation={negotiation} /> : null}
    </section>
  );
}

/**
 * The customer's booking panel after an enquiry (spec part 1 §2): the listing's booking form, its
 * times sent to the checkout with the enquiry's id; priced by the server at the agreed price when
 * an offer was accepted.
 */
export function EnquiryBooking(props: { transaction: TransactionView; data: NegotiationPageData }) {
  const t = useT();
  const booking = props.data.booking;
  if (!booking) return null;
  const agreed = props.data.negotiation?.agreedUnitPrice ?? null;
  const { block, form } = booking.panel;
  return (
    <section
      className="booking-panel enquiry-booking"
      aria-labelledby="enquiry-booking-title"
      data-testid="enquiry-booking"
    >
      <h2 id="enquiry-booking-title" className="booking-panel__title">
        {t('offers.booking.title')}
      </h2>
      {agreed ? (
        <p className="booking-panel__price" data-testid="agreed-price">
          <span className="price__amount">
            <PerHour price={agreed} />
          </span>{' '}
          <span className="price__note">{t('offers.booking.agreed')}</span>
        </p>
      ) : (
        <PricePerHour
          listing={booking.listing as Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>}
          className="booking-panel__price"
        />
      )}
      {block ? (
        <Alert tone={block === 'slotsFailed' ? 'error' : 'info'}>
          {t(`listing.booking.blocked.${block}`)}
        </Alert>
      ) : (
        <BookingForm listing={booking.listing} form={form} transactionId={props.transaction.id} />
      )}
    </section>
  );
}
