import { type ReactNode, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useI18n, useT } from '../../i18n/i18n.tsx';
import { loadStripeJs, type StripeCardElement } from '../payouts/stripe-js.ts';
import { cardErrorKey } from './card-errors.ts';
import type { CardFieldHandle, CardFieldProps } from './card-payments.tsx';
import {
  formatExpiryInput,
  formatNumberInput,
  type SandboxCardField,
  type SandboxCardValues,
  sandboxCardState,
} from './sandbox-card.ts';

/*
 * The card's fields (the sandbox's own inputs, or Stripe's card element) and the handles they give
 * the confirmations.
 */

export interface SandboxHandle extends CardFieldHandle {
  readonly provider: 'sandbox';
  values(): SandboxCardValues;
}

export interface StripeHandle extends CardFieldHandle {
  readonly provider: 'stripe';
  readonly element: StripeCardElement;
}

export const isSandboxHandle = (handle: CardFieldHandle): handle is SandboxHandle =>
  handle.provider === 'sandbox' && typeof (handle as Partial<SandboxHandle>).values === 'function';

export const isStripeHandle = (handle: CardFieldHandle): handle is StripeHandle =>
  handle.provider === 'stripe' && (handle as Partial<StripeHandle>).element !== undefined;

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
