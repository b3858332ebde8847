import type { PayoutProviderView } from '@hora/core/payouts';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n, useT } from '../../i18n/i18n.tsx';
import { loadStripeJs, type StripeBrowser, type StripeCardElement } from '../payouts/stripe-js.ts';
import { cardErrorKey } from './card-errors.ts';
import {
  formatExpiryInput,
  formatNumberInput,
  type SandboxCardField,
  type SandboxCardValues,
  sandboxCardClient,
  sandboxCardState,
} from './sandbox-card.ts';
import { stripeBillingDetails, stripeCardResult } from './stripe-card.ts';
import './payments.css';

/**
 * Card entry and confirmation in the browser (issue 11), the same for the sandbox and Stripe. With
 * Stripe, card numbers go to Stripe.js (Elements) and never reach our server; with the sandbox, to
 * the sandbox's own API, which keeps only the brand, the last four digits and the expiry. Checkout
 * and the payment methods page use only what this file exports; their routes bring the `payments`
 * namespace.
 */

/** The card the customer typed, as the provider holds it until confirmation. Opaque. */
export interface CardFieldHandle {
  readonly provider: PayoutProviderView['kind'];
}

export interface CardFieldState {
  /** True once the provider reports a complete, valid card (the submit button waits for it). */
  complete: boolean;
  /** A translated message for what is wrong so far, or null. */
  error: string | null;
}

export interface CardFieldProps {
  provider: PayoutProviderView;
  /** The billing postal code: the card's postal code follows it (spec part 2 §5.7). */
  postalCode?: string;
  onChange(state: CardFieldState): void;
  handleRef: Ref<CardFieldHandle | null>;
  disabled?: boolean;
}

export interface BillingDetails {
  name: string;
  address?: {
    line1: string;
    line2?: string;
    postalCode: string;
    city: string;
    state?: string;
    country: string;
  };
}

export type CardSource =
  | { kind: 'new'; card: CardFieldHandle; billingDetails: BillingDetails; saveCard: boolean }
  | { kind: 'saved'; paymentMethodId: string };

export type CardResult =
  | { ok: true; paymentMethodId: string; status: string }
  | {
      ok: false;
      /** Stripe's code (`card_declined`, `expired_card`, `incorrect_cvc`, `authentication_failure`, …). */
      code: string;
      /** The translated message for that code (spec part 2 §8.2 validation codes). */
      messageKey: string;
      /** The provider's own message, when it gave one. */
      providerMessage?: string;
    };

export interface CardPayments {
  /**
   * Confirms a payment intent with a card: runs the authentication step when the card asks for
   * one (Stripe's own modal; the sandbox's dialog, rendered by `dialog` below).
   */
  confirmCardPayment(clientSecret: string, source: CardSource): Promise<CardResult>;
  /** Confirms a setup intent (saving a card on the payment methods page). */
  confirmCardSetup(
    clientSecret: string,
    card: CardFieldHandle,
    billingDetails: BillingDetails,
  ): Promise<CardResult>;
  /** Put it anywhere in the page: the sandbox's authentication dialog while one is open. */
  dialog: ReactNode;
}

interface SandboxHandle extends CardFieldHandle {
  readonly provider: 'sandbox';
  values(): SandboxCardValues;
}

interface StripeHandle extends CardFieldHandle {
  readonly provider: 'stripe';
  readonly element: StripeCardElement;
}

const isSandboxHandle = (handle: CardFieldHandle): handle is SandboxHandle =>
  handle.provider === 'sandbox' && typeof (handle as Partial<SandboxHandle>).values === 'function';

const isStripeHandle = (handle: CardFieldHandle): handle is StripeHandle =>
  handle.provider === 'stripe' && (handle as Partial<StripeHandle>).element !== undefined;

const noCard: CardResult = { ok: false, code: 'missing', messageKey: 'payments.cardErrors.missing' };
const stripeNotLoaded: CardResult = {
  ok: false,
  code: 'stripe_not_loaded',
  messageKey: 'payments.errors.stripeNotLoaded',
};

function today() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** The card's fields: the sandbox's own inputs, or Stripe's card element. */
export function CardField(props: CardFieldProps): ReactNode {
  return props.provider.kind === 'sandbox' ? (
    <SandboxCardFields {...props} />
  ) : (
    <StripeCardField {...props} publishableKey={props.provider.publishableKey} />
  );
}

/** Keeps the latest `onChange` without making it a dependency of the effects that call it. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

function SandboxCardFields({ postalCode, onChange, handleRef, disabled }: CardFieldProps) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<SandboxCardValues>({
    number: '',
    expiry: '',
    cvc: '',
    postalCode: postalCode ?? '',
  });
  const [touched, setTouched] = useState<ReadonlySet<SandboxCardField>>(new Set());
  const current = useLatest(values);
  const report = useLatest(onChange);

  useImperativeHandle(handleRef, () => ({ provider: 'sandbox' as const, values: () => current.current }), [
    current,
  ]);

  useEffect(() => {
    if (postalCode !== undefined) setValues((previous) => ({ ...previous, postalCode }));
  }, [postalCode]);

  const state = sandboxCardState(values, touched, today());
  const error = state.errorCode ? t(cardErrorKey(state.errorCode)) : null;
  useEffect(() => {
    report.current({ complete: state.complete, error });
  }, [state.complete, error, report]);

  const update = (field: SandboxCardField, value: string) =>
    setValues((previous) => ({
      ...previous,
      [field]:
        field === 'number'
          ? formatNumberInput(value)
          : field === 'expiry'
            ? formatExpiryInput(value, previous.expiry)
            : field === 'cvc'
              ? value.replace(/\D/g, '').slice(0, 4)
              : value.slice(0, 10),
    }));
  const leave = (field: SandboxCardField) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  const invalid = (field: SandboxCardField) => touched.has(field) && state.issues[field] !== undefined;

  const input = (
    field: SandboxCardField,
    options: { autoComplete: string; placeholder: string; inputMode: 'numeric' | 'text'; className: string },
  ) => (
    <div className={`field ${options.className}`}>
      <label htmlFor={`${id}-${field}`} className="field__label">
        {t(`payments.card.${field}`)}
      </label>
      <input
        id={`${id}-${field}`}
        // No name: a form around the field never submits the card (as Stripe's frames never do).
        className="field__input"
        type="text"
        inputMode={options.inputMode}
        autoComplete={options.autoComplete}
        placeholder={options.placeholder}
        value={values[field]}
        disabled={disabled}
        aria-invalid={invalid(field) || undefined}
        onChange={(event) => update(field, event.target.value)}
        onBlur={() => leave(field)}
      />
    </div>
  );

  return (
    <fieldset className="card-field" data-testid="card-field">
      <legend className="field__label">{t('payments.card.legend')}</legend>
      {input('number', {
        autoComplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        inputMode: 'numeric',
        className: 'card-field__number',
      })}
      <div className="card-field__row">
        {input('expiry', {
          autoComplete: 'cc-exp',
          placeholder: t('payments.card.expiryPlaceholder'),
          inputMode: 'numeric',
          className: 'card-field__expiry',
        })}
        {input('cvc', {
          autoComplete: 'cc-csc',
          placeholder: '123',
          inputMode: 'numeric',
          className: 'card-field__cvc',
        })}
        {input('postalCode', {
          autoComplete: 'postal-code',
          placeholder: '28013',
          inputMode: 'text',
          className: 'card-field__postal',
        })}
      </div>
      <p className="card-field__hint">{t('payments.card.sandboxHint')}</p>
    </fieldset>
  );
}

function StripeCardField({
  publishableKey,
  postalCode,
  onChange,
  handleRef,
  disabled,
}: CardFieldProps & { publishableKey: string }) {
  const { t, locale } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const [element, setElement] = useState<StripeCardElement | null>(null);
  const [failed, setFailed] = useState(false);
  const report = useLatest(onChange);
  const translate = useLatest(t);
  const initial = useLatest({ postalCode, disabled });

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let active = true;
    void loadStripeJs(publishableKey).then((stripe) => {
      if (!active) return;
      if (!stripe || !container.current) {
        setFailed(true);
        report.current({ complete: false, error: translate.current('payments.errors.stripeNotLoaded') });
        return;
      }
      card = stripe.elements({ locale }).create('card', {
        ...(initial.current.postalCode ? { value: { postalCode: initial.current.postalCode } } : {}),
        disabled: initial.current.disabled ?? false,
      });
      card.on('change', (event) => {
        report.current({
          complete: event.complete,
          error: event.error
            ? translate.current(cardErrorKey(event.error.code, null, event.error.type))
            : null,
        });
      });
      card.mount(container.current);
      setElement(card);
    });
    return () => {
      active = false;
      card?.destroy();
      setElement(null);
    };
  }, [publishableKey, locale, report, translate, initial]);

  useEffect(() => {
    if (element && postalCode !== undefined) element.update({ value: { postalCode } });
  }, [element, postalCode]);
  useEffect(() => {
    element?.update({ disabled: disabled ?? false });
  }, [element, disabled]);

  useImperativeHandle<CardFieldHandle | null, CardFieldHandle | null>(
    handleRef,
    () => (element ? ({ provider: 'stripe' as const, element } satisfies StripeHandle) : null),
    [element],
  );

  return (
    <fieldset className="card-field" data-testid="card-field">
      <legend className="field__label">{t('payments.card.legend')}</legend>
      <div ref={container} className="card-field__stripe" />
      {failed ? (
        <p className="field__error" role="alert">
          {t('payments.errors.stripeNotLoaded')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The sandbox's authentication step, like Stripe's 3-D Secure test page: complete it, or fail it. */
export function AuthenticationDialog(props: {
  kind: 'payment' | 'setup';
  onChoose(outcome: 'complete' | 'fail'): void;
}) {
  const t = useT();
  return (
    <Modal
      title={t('payments.authentication.title')}
      closeLabel={t('payments.authentication.close')}
      onClose={() => props.onChoose('fail')}
      testId="card-authentication"
    >
      <p>
        {t(
          props.kind === 'payment'
            ? 'payments.authentication.paymentText'
            : 'payments.authentication.setupText',
        )}
      </p>
      <p className="card-field__hint">{t('payments.authentication.sandboxNote')}</p>
      <div className="card-authentication__actions">
        <button type="button" className="button button--primary" onClick={() => props.onChoose('complete')}>
          {t('payments.authentication.complete')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => props.onChoose('fail')}>
          {t('payments.authentication.fail')}
        </button>
      </div>
    </Modal>
  );
}

/** Card confirmation for checkout and the payment methods page, with the provider that runs. */
export function useCardPayments(provider: PayoutProviderView): CardPayments {
  const [pending, setPending] = useState<'payment' | 'setup' | null>(null);
  const resolver = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);

  const authenticate = useCallback(
    (kind: 'payment' | 'setup') =>
      new Promise<'complete' | 'fail'>((resolve) => {
        resolver.current = resolve;
        setPending(kind);
      }),
    [],
  );

  const choose = useCallback((outcome: 'complete' | 'fail') => {
    const resolve = resolver.current;
    resolver.current = null;
    setPending(null);
    resolve?.(outcome);
  }, []);

  const sandbox = useMemo(() => sandboxCardClient({ authenticate }), [authenticate]);
  const publishableKey = provider.kind === 'stripe' ? provider.publishableKey : null;

  const confirmCardPayment = useCallback(
    async (clientSecret: string, source: CardSource): Promise<CardResult> => {
      if (publishableKey === null) {
        if (source.kind === 'saved') return sandbox.confirmCardPayment(clientSecret, source);
        if (!isSandboxHandle(source.card)) return noCard;
        return sandbox.confirmCardPayment(clientSecret, {
          kind: 'new',
          values: source.card.values(),
          billingDetails: source.billingDetails,
          saveCard: source.saveCard,
        });
      }
      const stripe: StripeBrowser | null = await loadStripeJs(publishableKey);
      if (!stripe) return stripeNotLoaded;
      if (source.kind === 'new' && !isStripeHandle(source.card)) return noCard;
      const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method:
          source.kind === 'saved'
            ? source.paymentMethodId
            : {
                card: (source.card as StripeHandle).element,
                billing_details: stripeBillingDetails(source.billingDetails),
              },
        ...(source.kind === 'new' && source.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      });
      return stripeCardResult(paymentIntent, error);
    },
    [publishableKey, sandbox],
  );

  const confirmCardSetup = useCallback(
    async (
      clientSecret: string,
      card: CardFieldHandle,
      billingDetails: BillingDetails,
    ): Promise<CardResult> => {
      if (publishableKey === null) {
        if (!isSandboxHandle(card)) return noCard;
        return sandbox.confirmCardSetup(clientSecret, card.values(), billingDetails);
      }
      const stripe = await loadStripeJs(publishableKey);
      if (!stripe) return stripeNotLoaded;
      if (!isStripeHandle(card)) return noCard;
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card: card.element, billing_details: stripeBillingDetails(billingDetails) },
      });
      return stripeCardResult(setupIntent, error);
    },
    [publishableKey, sandbox],
  );

  const dialog = pending ? <AuthenticationDialog kind={pending} onChoose={choose} /> : null;
  return { confirmCardPayment, confirmCardSetup, dialog };
}
