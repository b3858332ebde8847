import { LIMITS, PAYOUT, type PayoutCountry } from '@hora/core/config';
import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { bankFieldsFor } from '@hora/core/payouts';
import { useMemo, useState } from 'react';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { visibleFieldErrors } from '../account/field-errors.ts';
import { focusFirstInvalid, useTouched } from '../account/use-touched.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { createBankToken } from './bank-token.ts';
import { CompanySections } from './company-sections.tsx';
import { type PayoutFailure, payoutApi } from './payout-api.ts';
import { type FieldMessage, marketplaceToday, PersonFields, SelectField } from './payout-fields.tsx';
import {
  type BankField,
  bankAccountOf,
  bankFieldError,
  countryOptions,
  emptyPayoutForm,
  type PayoutFormValues,
  type PersonValues,
  pathOf,
  payoutDetailsOf,
  payoutFormInput,
  showsMcc,
} from './payout-form.ts';

export type PersonPath = 'individual' | 'representative' | number;

/**
 * The connected-account form (spec part 1 §2 payout details, part 2 §5.7 and §9): country,
 * individual or company, the bank fields of the country, the person or the company with its
 * representative and owners, the business URL and, in the US, the merchant category code. The
 * bank fields become a single-use token (Stripe.js or the sandbox) just before the account is made.
 */
export function PayoutDetailsForm(props: {
  provider: PayoutProviderView;
  known: Partial<PersonValues>;
  onCreated: (account: PayoutAccountView) => void;
}) {
  const { t, locale } = useI18n();
  const initial = useMemo(() => emptyPayoutForm(props.known), [props.known]);
  const [values, setValues] = useState<PayoutFormValues>(initial);
  const [failure, setFailure] = useState<PayoutFailure | undefined>();
  const [busy, setBusy] = useState(false);
  const { touched, touch, edited, edit, submitted } = useTouched();
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const bankFields: BankField[] = values.country ? bankFieldsFor(values.country as PayoutCountry) : [];
  const validation = useValidation();
  const check = validation
    ? validation.validate(
        validation.payoutDetailsSchema({ today: marketplaceToday() }),
        payoutFormInput(values, bankFields),
      )
    : NOT_YET_CHECKED;
  const errors = visibleFieldErrors(check.ok ? {} : check.errors, touched, failure?.fields, edited);
  const pristine = values === initial;
  // Disabled while invalid (spec part 2 §5.7) once every problem is on screen; before that a press
  // shows them all and moves to the first, so nobody faces a dead button without knowing why.
  const problems = check.ok ? [] : Object.keys(check.errors);
  const invalidAndShown = problems.length > 0 && problems.every((field) => touched.has(field));

  const errorAt = (path: string): FieldMessage => {
    const key = errors[path];
    if (!key) return undefined;
    if (!path.startsWith('bankAccount.')) return { key };
    const message = bankFieldError(
      path.slice('bankAccount.'.length) as BankField,
      key,
      values.country,
      locale,
    );
    return {
      key: message.key,
      values: { ...message.values, ...(message.fieldLabelKey ? { field: t(message.fieldLabelKey) } : {}) },
    };
  };

  const update = (path: string, change: (current: PayoutFormValues) => PayoutFormValues) => {
    setValues(change);
    edit(path);
  };
  const setPerson = (who: PersonPath, key: keyof PersonValues, value: string) =>
    update(`${personPath(who)}.${key}`, (current) => {
      if (who === 'individual' || who === 'representative') {
        return { ...current, [who]: { ...current[who], [key]: value } };
      }
      return {
        ...current,
        owners: current.owners.map((owner, i) => (i === who ? { ...owner, [key]: value } : owner)),
      };
    });

  async function submit(form: HTMLFormElement) {
    if (!check.ok) {
      touch(...Object.keys(check.errors));
      focusFirstInvalid(form, Object.keys(check.errors));
      return;
    }
    setBusy(true);
    setFailure(undefined);
    submitted();
    const country = values.country as PayoutCountry;
    const token = await createBankToken(props.provider, country, bankAccountOf(values, bankFields));
    const created = token.ok
      ? await payoutApi.createAccount({ ...payoutDetailsOf(values), bankAccountToken: token.data.id })
      : token;
    setBusy(false);
    if (created.ok) props.onCreated(created.data);
    else setFailure(created.error);
  }

  return (
    <form
      className="form payout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <SelectField
        name="country"
        label={t('payouts.fields.country')}
        value={values.country}
        onChange={(country) => update('country', (c) => ({ ...c, country }))}
        onBlur={() => touch('country')}
        error={errorAt('country')}
      >
        <option value="" disabled>
          {t('payouts.fields.countryPlaceholder')}
        </option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>

      <fieldset className="payout-form__choice">
        <legend className="field__label">{t('payouts.fields.accountType')}</legend>
        {PAYOUT.accountTypes.map((type) => (
          <label key={type} className="payout-form__radio">
            <input
              type="radio"
              name="accountType"
              value={type}
              checked={values.accountType === type}
              onChange={() => update('accountType', (c) => ({ ...c, accountType: type }))}
            />
            {t(`payouts.accountType.${type}`)}
          </label>
        ))}
      </fieldset>

      {values.country && (
        <>
          <fieldset className="account-section payout-form__section">
            <legend className="account-section__title">{t('payouts.sections.bank')}</legend>
            <div className="payout-form__row">
              {bankFields.map((field) => (
                <TextField
                  key={field}
                  name={pathOf('bankAccount', field)}
                  label={t(`payouts.bank.${field}`)}
                  value={values.bank[field] ?? ''}
                  autoComplete="off"
                  maxLength={100}
                  onChange={(event) =>
                    update(pathOf('bankAccount', field), (c) => ({
                      ...c,
                      bank: { ...c.bank, [field]: event.target.value },
                    }))
                  }
                  onBlur={() => touch(pathOf('bankAccount', field))}
                  error={errorAt(pathOf('bankAccount', field))}
                />
              ))}
            </div>
          </fieldset>

          {values.accountType === 'individual' ? (
            <fieldset className="account-section payout-form__section">
              <legend className="account-section__title">{t('payouts.sections.personal')}</legend>
              <PersonFields
                path="individual"
                country={values.country}
                person={values.individual}
                kind="person"
                onChange={(key, value) => setPerson('individual', key, value)}
                onBlur={touch}
                errorAt={errorAt}
              />
            </fieldset>
          ) : (
            <CompanySections
              values={values}
              update={update}
              onPersonChange={setPerson}
              touch={touch}
              errorAt={errorAt}
            />
          )}

          <fieldset className="account-section payout-form__section">
            <legend className="account-section__title">{t('payouts.sections.business')}</legend>
            <TextField
              name="businessProfileURL"
              type="url"
              inputMode="url"
              label={t('payouts.fields.businessProfileURL')}
              value={values.businessProfileURL}
              maxLength={LIMITS.urlMax}
              onChange={(event) =>
                update('businessProfileURL', (c) => ({ ...c, businessProfileURL: event.target.value }))
              }
              onBlur={() => touch('businessProfileURL')}
              error={errorAt('businessProfileURL')}
            />
            {showsMcc(values.country) && (
              <TextField
                name="businessProfileMCC"
                inputMode="numeric"
                label={t('payouts.fields.businessProfileMCC')}
                placeholder={PAYOUT.defaultMcc}
                value={values.businessProfileMCC}
                maxLength={4}
                onChange={(event) =>
                  update('businessProfileMCC', (c) => ({ ...c, businessProfileMCC: event.target.value }))
                }
                onBlur={() => touch('businessProfileMCC')}
                error={errorAt('businessProfileMCC')}
              />
            )}
          </fieldset>
        </>
      )}

      <p className="field__hint">{t('payouts.terms')}</p>
      {failure?.form && <Alert tone="error">{t(failure.form.key, failure.form.values)}</Alert>}
      <button
        type="submit"
        className="button button--primary account-submit"
        disabled={pristine || busy || !values.country || invalidAndShown}
      >
        {busy ? t('payouts.form.saving') : t('payouts.form.submit')}
      </button>
    </form>
  );
}

function personPath(who: PersonPath): string {
  if (who === 'individual') return 'individual';
  if (who === 'representative') return 'company.representative';
  return pathOf('company', 'owners', who);
}
