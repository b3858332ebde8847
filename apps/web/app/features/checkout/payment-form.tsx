import { LIMITS } from '@hora/core/config';
import type { PayoutProviderView } from '@hora/core/payouts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, CheckboxField, TextAreaField, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { type Translate, useI18n } from '../../i18n/i18n.tsx';
import { loadValidation } from '../forms/use-validation.ts';
import {
  CardField,
  type CardFieldHandle,
  type CardFieldState,
  type CardResult,
  type CardSource,
  useCardPayments,
} from '../payments/card-payments.tsx';
import { BillingFields, EMPTY_BILLING } from './billing-fields.tsx';
import { checkoutApi } from './checkout-api.ts';
import { confirmBooking, newAttempt, type PaymentInput, type PaymentOutcome, pay } from './checkout-flow.ts';
import type { CheckoutData, SavedCard } from './checkout-loader.ts';
import { CheckoutNotice, PaymentExpired } from './checkout-notices.tsx';
import { formatTimeLeft, usePaymentWindow } from './payment-window.ts';

/** Spec part 1 §2 checkout: pay with the saved card, replace it, or pay once (and maybe save it). */
export type PaymentChoice = 'defaultCard' | 'replaceCard' | 'onetimeCardPayment';

export function initialChoice(card: SavedCard | null): PaymentChoice {
  if (!card) return 'onetimeCardPayment';
  return card.expired ? 'replaceCard' : 'defaultCard';
}

/** The message of a card the processor refused: ours for Stripe's code, else the provider's words. */
export function cardFailureMessage(t: Translate, card: Extract<CardResult, { ok: false }>): string {
  const ours = `checkout.card.${card.code}`;
  const text = t(ours);
  if (text !== ours) return text;
  const theirs = t(card.messageKey);
  if (theirs !== card.messageKey) return theirs;
  return card.providerMessage ?? t('checkout.card.generic');
}

/**
 * The payment part of checkout: the card choice, the card with its holder and billing address
 * (new cards only), the message to the host, and "Confirmar y pagar" running `pay`. It needs the
 * page's script (card numbers never go through our pages), so before it runs the button waits.
 */
export function PaymentForm(props: { data: CheckoutData; provider: PayoutProviderView }) {
  const { t } = useI18n();
  const { data, provider } = props;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const payments = useCardPayments(provider);
  const cardRef = useRef<CardFieldHandle | null>(null);
  const attempt = useRef(newAttempt());
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<PaymentChoice>(initialChoice(data.card));
  const [saveOnetime, setSaveOnetime] = useState(false);
  const [name, setName] = useState(data.viewerName);
  const [billing, setBilling] = useState(EMPTY_BILLING);
  const [message, setMessage] = useState('');
  const [cardState, setCardState] = useState<CardFieldState>({ complete: false, error: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const left = usePaymentWindow(deadline);

  const newCard = choice !== 'defaultCard';
  // A refused card or payment is told at the top of the form, far above the button pressed (off
  // the screen on a phone): brought into view and focused, so the customer sees it at once.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!outcome) return;
    outcomeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    outcomeRef.current?.focus({ preventScroll: true });
  }, [outcome]);
  const expired = outcome?.kind === 'expired' || left === 0;
  if (expired) return <PaymentExpired listingPath={data.listing.path} />;
  if (outcome?.kind === 'done') {
    return <BookedWithoutSavedCard transactionId={outcome.transactionId} />;
  }

  const input = (): PaymentInput => {
    const saveCard = choice === 'replaceCard' || (choice === 'onetimeCardPayment' && saveOnetime);
    const trimmed = message.trim();
    const request = {
      listingId: data.listing.id,
      bookingStart: data.booking.start,
      bookingEnd: data.booking.end,
      paymentMethod: newCard ? ('new' as const) : ('default' as const),
      saveCard,
      ...(trimmed ? { message: trimmed } : {}),
      ...(data.transactionId ? { transactionId: data.transactionId } : {}),
    };
    const source: CardSource =
      newCard && cardRef.current
        ? {
            kind: 'new',
            card: cardRef.current,
            saveCard,
            billingDetails: {
              name: name.trim(),
              address: {
                line1: billing.addressLine1.trim(),
                ...(billing.addressLine2.trim() ? { line2: billing.addressLine2.trim() } : {}),
                postalCode: billing.postal.trim(),
                city: billing.city.trim(),
                ...(billing.state.trim() ? { state: billing.state.trim() } : {}),
                country: billing.country,
              },
            },
          }
        : { kind: 'saved', paymentMethodId: data.card?.id ?? '' };
    return { request, source };
  };

  async function validate(): Promise<boolean> {
    if (!newCard) return true;
    const found: Record<string, string> = {};
    if (!name.trim()) found.cardholderName = 'validation.required';
    const { billingAddressSchema } = await loadValidation();
    const parsed = billingAddressSchema.safeParse(billing);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function run(step: typeof pay) {
    // No double submit: a second click while a step runs does nothing.
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      const result = await step(attempt.current, input(), {
        api: checkoutApi(),
        confirmCardPayment: payments.confirmCardPayment,
        now: Date.now,
      });
      attempt.current = result.attempt;
      setDeadline(result.attempt.deadline);
      if (result.outcome.kind === 'done' && !result.outcome.saveCardFailed) {
        navigate(`/order/${result.outcome.transactionId}/details`);
        return;
      }
      setOutcome(result.outcome);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (!(await validate())) return;
    await run(pay);
  }

  const waitingForCard = newCard && !cardState.complete;
  return (
    <>
      <form className="checkout-form" onSubmit={submit} noValidate data-testid="payment-form">
        {left !== null && (
          <p className="checkout-form__window" role="timer" data-testid="payment-window">
            {t('checkout.window.left', { time: formatTimeLeft(left) })}
          </p>
        )}
        <div ref={outcomeRef} tabIndex={-1} className="checkout-form__outcome">
          <OutcomeMessage
            outcome={outcome}
            onRetry={() => run(confirmBooking)}
            busy={busy}
            listingPath={data.listing.path}
          />
        </div>
        <PaymentChoices card={data.card} choice={choice} onChange={setChoice} disabled={busy} />
        {newCard && (
          <>
            <TextField
              name="cardholderName"
              label={t('checkout.cardholderName')}
              value={name}
              required
              autoComplete="cc-name"
              disabled={busy}
              error={errors.cardholderName}
              onChange={(event) => setName(event.target.value)}
            />
            {/* The card field is a group with its own legend ("Datos de la tarjeta"). */}
            <div className="field">
              {hydrated && (
                <CardField
                  provider={provider}
                  postalCode={billing.postal}
                  onChange={setCardState}
                  handleRef={cardRef}
                  disabled={busy}
                />
              )}
              {cardState.error && (
                <p className="field__error" role="alert">
                  {cardState.error}
                </p>
              )}
            </div>
            <BillingFields
              value={billing}
              countries={data.countries}
              errors={errors}
              onChange={setBilling}
              disabled={busy}
            />
            {choice === 'onetimeCardPayment' && (
              <CheckboxField
                name="saveCard"
                label={t('checkout.saveCard')}
                checked={saveOnetime}
                onChange={setSaveOnetime}
              />
            )}
          </>
        )}
        <TextAreaField
          name="message"
          label={t('checkout.message.label')}
          hint={t('checkout.message.hint', { max: LIMITS.textAreaMax })}
          maxLength={LIMITS.textAreaMax}
          onChange={(event) => setMessage(event.target.value)}
        />
        <button
          type="submit"
          className="button button--primary checkout-form__submit"
          disabled={!hydrated || busy || waitingForCard || outcome?.kind === 'confirm-failed'}
          aria-busy={busy || undefined}
        >
          {busy ? t('checkout.paying') : t('checkout.submit')}
        </button>
      </form>
      {/* Outside the form: the authentication dialog's buttons must not submit it. */}
      {payments.dialog}
    </>
  );
}

function PaymentChoices(props: {
  card: SavedCard | null;
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const { card } = props;
  if (!card) return null;
  const cardText = t('checkout.savedCard.card', {
    brand: card.brand.toUpperCase(),
    last4: card.last4,
    month: String(card.expMonth).padStart(2, '0'),
    year: String(card.expYear % 100).padStart(2, '0'),
  });
  const option = (value: PaymentChoice, label: string, disabled = false) => (
    <label className="checkout-choice">
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={props.choice === value}
        disabled={props.disabled || disabled}
        onChange={() => props.onChange(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="checkout-fieldset" data-testid="payment-choices">
      <legend>{t('checkout.savedCard.title')}</legend>
      {option('defaultCard', t('checkout.savedCard.useDefault', { card: cardText }), card.expired)}
      {card.expired && <p className="checkout-choice__note">{t('checkout.savedCard.expired')}</p>}
      {option('replaceCard', t('checkout.savedCard.replace'))}
    </fieldset>
  );
}

function OutcomeMessage(props: {
  outcome: PaymentOutcome | null;
  onRetry: () => void;
  busy: boolean;
  listingPath: string;
}) {
  const { t } = useI18n();
  const { outcome } = props;
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'error':
      return <CheckoutNotice error={outcome.error} listingPath={props.listingPath} />;
    case 'card-failed':
      return <Alert tone="error">{cardFailureMessage(t, outcome.card)}</Alert>;
    case 'payment-failed':
      return (
        <Alert tone="error">
          {t('checkout.errors.paymentFailed')}
          {outcome.processorMessage && (
            <span className="checkout-form__processor"> {outcome.processorMessage}</span>
          )}
        </Alert>
      );
    case 'confirm-failed':
      return (
        <Alert tone="error">
          <p>{t('checkout.errors.confirmFailed')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={props.onRetry}
            disabled={props.busy}
          >
            {t('checkout.errors.retry')}
          </button>
        </Alert>
      );
    default:
      return null;
  }
}

/** Booked, but the card could not be saved: the booking stands; say so before going on. */
function BookedWithoutSavedCard({ transactionId }: { transactionId: string }) {
  const { t } = useI18n();
  return (
    <div className="checkout-done" data-testid="checkout-done">
      <Alert tone="success">{t('checkout.done')}</Alert>
      <Alert tone="error">
        {t('checkout.errors.savePaymentMethodFailed')}{' '}
        <Link to="/account/payment-methods">{t('checkout.errors.paymentMethodsLink')}</Link>
      </Alert>
      <Link to={`/order/${transactionId}/details`} className="button button--primary">
        {t('checkout.seeOrder')}
      </Link>
    </div>
  );
}
