import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { bankFieldsFor } from '@hora/core/payouts';
import { useState } from 'react';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { createBankToken } from './bank-token.ts';
import { type PayoutFailure, payoutApi } from './payout-api.ts';
import { type BankField, bankFieldError, pathOf } from './payout-form.ts';

/** A new bank account for an existing payout account: the country's bank fields, sent as a token. */
export function BankAccountForm(props: {
  provider: PayoutProviderView;
  account: PayoutAccountView;
  onUpdated: (account: PayoutAccountView) => void;
}) {
  const { t, locale } = useI18n();
  const { country } = props.account;
  const fields = bankFieldsFor(country);
  const [bank, setBank] = useState<Partial<Record<BankField, string>>>({});
  const [failure, setFailure] = useState<PayoutFailure | undefined>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const filled = fields.every((field) => (bank[field] ?? '').trim() !== '');

  async function submit() {
    setBusy(true);
    setFailure(undefined);
    setSaved(false);
    const token = await createBankToken(
      props.provider,
      country,
      Object.fromEntries(fields.map((field) => [field, bank[field] ?? ''])),
    );
    const updated = token.ok ? await payoutApi.updateAccount(token.data.id) : token;
    setBusy(false);
    if (!updated.ok) {
      setFailure(updated.error);
      return;
    }
    setBank({});
    setSaved(true);
    props.onUpdated(updated.data);
  }

  return (
    <form
      className="form payout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="account-section__title">{t('payouts.bankUpdate.title')}</h2>
      <div className="payout-form__row">
        {fields.map((field) => {
          const key = failure?.fields[pathOf('bankAccount', field)];
          const message = key ? bankFieldError(field, key, country, locale) : undefined;
          return (
            <TextField
              key={field}
              name={pathOf('bankAccount', field)}
              label={t(`payouts.bank.${field}`)}
              value={bank[field] ?? ''}
              autoComplete="off"
              maxLength={100}
              onChange={(event) => setBank((current) => ({ ...current, [field]: event.target.value }))}
              error={
                message && {
                  key: message.key,
                  values: {
                    ...message.values,
                    ...(message.fieldLabelKey ? { field: t(message.fieldLabelKey) } : {}),
                  },
                }
              }
            />
          );
        })}
      </div>
      {failure?.form && <Alert tone="error">{t(failure.form.key, failure.form.values)}</Alert>}
      <div aria-live="polite">{saved && <Alert tone="success">{t('payouts.bankUpdate.saved')}</Alert>}</div>
      <button type="submit" className="button button--secondary account-submit" disabled={!filled || busy}>
        {busy ? t('payouts.form.saving') : t('payouts.bankUpdate.submit')}
      </button>
    </form>
  );
}
