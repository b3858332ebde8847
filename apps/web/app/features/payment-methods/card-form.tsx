import type { PayoutProviderView } from '@hora/core/payouts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import {
  CardField,
  type CardFieldHandle,
  type CardFieldState,
  useCardPayments,
} from '../payments/card-payments.tsx';
import { browserSaveCardSteps, type SaveCardOutcome, saveCard } from './save-card.ts';

/**
 * Adds a card, or replaces the saved one: the provider's card field (Stripe Elements or the
 * sandbox's), the cardholder's name, and a submit that waits for a complete card.
 */
export function CardForm(props: { provider: PayoutProviderView; hadCard: boolean; defaultName: string }) {
  const t = useT();
  const nameId = useId();
  const payments = useCardPayments(props.provider);
  const handle = useRef<CardFieldHandle | null>(null);
  const revalidator = useRevalidator();
  const [card, setCard] = useState<CardFieldState>({ complete: false, error: null });
  const [name, setName] = useState(props.defaultName);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SaveCardOutcome | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!handle.current || !card.complete || saving) return;
    setSaving(true);
    setOutcome(null);
    const result = await saveCard(browserSaveCardSteps(payments.confirmCardSetup), {
      card: handle.current,
      name: name.trim(),
      hadCard: props.hadCard,
    });
    setSaving(false);
    setOutcome(result);
    if (result.ok) await revalidator.revalidate();
  };

  return (
    <form className="card-form" onSubmit={onSubmit} noValidate>
      <h2 className="card-form__title">
        {t(props.hadCard ? 'paymentMethods.form.replaceTitle' : 'paymentMethods.form.addTitle')}
      </h2>
      <div className="field">
        <label htmlFor={nameId}>{t('paymentMethods.form.name')}</label>
        <input
          id={nameId}
          name="cardholderName"
          autoComplete="cc-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={saving}
        />
      </div>
      <CardField provider={props.provider} onChange={setCard} handleRef={handle} disabled={saving} />
      {card.error ? (
        <p className="field__error" role="alert">
          {card.error}
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <p className="alert alert--error" role="alert">
          {t(outcome.messageKey)}
          {outcome.providerMessage ? ` (${outcome.providerMessage})` : ''}
        </p>
      ) : null}
      {outcome?.ok ? (
        <p className="alert alert--success" role="status">
          {t('paymentMethods.form.saved')}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={!card.complete || saving || name.trim() === ''}
      >
        {t(saving ? 'paymentMethods.form.saving' : 'paymentMethods.form.submit')}
      </button>
      {payments.dialog}
    </form>
  );
}
