import { LIMITS } from '@hora/core/config';
import { TextField } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { PersonPath } from './payout-details-form.tsx';
import { type FieldMessage, PersonFields } from './payout-fields.tsx';
import {
  emptyPerson,
  type PayoutFormValues,
  type PersonValues,
  pathOf,
  personFieldsFor,
} from './payout-form.ts';

/**
 * The company parts of the payout form: the company, its representative (with a job title) and
 * its owners of 25 % or more, each with the person's details the country asks for.
 */
export function CompanySections(props: {
  values: PayoutFormValues;
  update: (path: string, change: (current: PayoutFormValues) => PayoutFormValues) => void;
  onPersonChange: (who: PersonPath, key: keyof PersonValues, value: string) => void;
  touch: (...paths: string[]) => void;
  errorAt: (path: string) => FieldMessage;
}) {
  const { t } = useI18n();
  const { values, update, touch, errorAt } = props;
  const setPerson = props.onPersonChange;
  const company = values.company;
  const companyField = (key: keyof PayoutFormValues['company'], path: string, autoComplete?: string) => (
    <TextField
      name={pathOf('company', path)}
      label={t(`payouts.fields.company.${key}`)}
      value={company[key]}
      autoComplete={autoComplete}
      maxLength={LIMITS.lineMax}
      onChange={(event) =>
        update(pathOf('company', path), (c) => ({
          ...c,
          company: { ...c.company, [key]: event.target.value },
        }))
      }
      onBlur={() => touch(pathOf('company', path))}
      error={errorAt(pathOf('company', path))}
    />
  );
  const ownersError = errorAt('company.owners');

  return (
    <>
      <fieldset className="account-section payout-form__section">
        <legend className="account-section__title">{t('payouts.sections.company')}</legend>
        {companyField('name', 'name', 'organization')}
        <div className="payout-form__row">
          {companyField('taxId', 'taxId')}
          {companyField('phone', 'phone', 'tel')}
        </div>
        {companyField('streetAddress', 'address.streetAddress', 'address-line1')}
        <div className="payout-form__row">
          {personFieldsFor(values.country).postalCode &&
            companyField('postalCode', 'address.postalCode', 'postal-code')}
          {companyField('city', 'address.city', 'address-level2')}
        </div>
      </fieldset>
      <fieldset className="account-section payout-form__section">
        <legend className="account-section__title">{t('payouts.sections.representative')}</legend>
        <PersonFields
          path="company.representative"
          country={values.country}
          person={values.representative}
          kind="representative"
          onChange={(key, value) => setPerson('representative', key, value)}
          onBlur={touch}
          errorAt={errorAt}
        />
      </fieldset>
      <fieldset className="account-section payout-form__section">
        <legend className="account-section__title">{t('payouts.sections.owners')}</legend>
        <p className="field__hint">{t('payouts.owners.help', { percent: LIMITS.companyOwnerMinPercent })}</p>
        {ownersError && (
          <p className="field__error" role="alert">
            {t(ownersError.key, ownersError.values)}
          </p>
        )}
        {values.owners.map((owner, index) => (
          // Owners have no id of their own; their place in the list is what the schema names.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="payout-form__owner">
            <h3 className="payout-form__owner-title">{t('payouts.owners.title', { number: index + 1 })}</h3>
            <PersonFields
              path={pathOf('company', 'owners', index)}
              country={values.country}
              person={owner}
              kind="owner"
              onChange={(key, value) => setPerson(index, key, value)}
              onBlur={touch}
              errorAt={errorAt}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                update('company.owners', (c) => ({
                  ...c,
                  owners: c.owners.filter((_, i) => i !== index),
                }))
              }
            >
              {t('payouts.owners.remove', { number: index + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => update('company.owners', (c) => ({ ...c, owners: [...c.owners, emptyPerson()] }))}
        >
          {t('payouts.owners.add')}
        </button>
      </fieldset>
    </>
  );
}
