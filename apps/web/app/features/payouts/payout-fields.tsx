import { LIMITS, MARKETPLACE } from '@hora/core/config';
import { type ReactNode, useId } from 'react';
import { FieldNotes, fieldDescription, TextField } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { type PersonValues, personFieldsFor } from './payout-form.ts';

/** A message to show under a field: a key with its values, already chosen by the form. */
export type FieldMessage = { key: string; values?: Record<string, string> } | undefined;

/** A labelled select whose error is announced and tied to it, like `TextField`. */
export function SelectField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: FieldMessage;
  children: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className="field__input"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={fieldDescription(id, props.error, undefined)}
      >
        {props.children}
      </select>
      <FieldNotes id={id} error={props.error} />
    </div>
  );
}

/** Today in the marketplace's zone, as `YYYY-MM-DD` (birth dates are checked against it). */
export function marketplaceToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MARKETPLACE.timeZone }).format(new Date());
}

interface PersonFieldsProps {
  /** Path of the person in the form (`individual`, `company.representative`, `company.owners.0`). */
  path: string;
  country: string;
  person: PersonValues;
  kind: 'person' | 'representative' | 'owner';
  onChange: (key: keyof PersonValues, value: string) => void;
  onBlur: (path: string) => void;
  errorAt: (path: string) => FieldMessage;
}

/** A person's details (spec part 2 §5.7): names, birth date, contact, address, ids the country asks for. */
export function PersonFields({ path, country, person, kind, onChange, onBlur, errorAt }: PersonFieldsProps) {
  const { t } = useI18n();
  const rules = personFieldsFor(country);
  const text = (
    key: keyof PersonValues,
    fieldPath: string,
    options: { type?: string; autoComplete?: string; maxLength?: number; inputMode?: 'numeric' | 'tel' } = {},
  ) => {
    const name = `${path}.${fieldPath}`;
    return (
      <TextField
        name={name}
        label={t(`payouts.fields.${key}`)}
        value={person[key]}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        maxLength={options.maxLength ?? LIMITS.lineMax}
        inputMode={options.inputMode}
        onChange={(event) => onChange(key, event.target.value)}
        onBlur={() => onBlur(name)}
        error={errorAt(name)}
      />
    );
  };
  return (
    <div className="payout-form__group">
      <div className="payout-form__row">
        {text('firstName', 'firstName', { autoComplete: 'given-name', maxLength: LIMITS.nameMax })}
        {text('lastName', 'lastName', { autoComplete: 'family-name', maxLength: LIMITS.nameMax })}
      </div>
      <BirthDateField
        path={`${path}.birthDate`}
        person={person}
        onChange={onChange}
        onBlur={onBlur}
        error={errorAt(`${path}.birthDate`)}
      />
      <div className="payout-form__row">
        {text('email', 'email', { type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax })}
        {text('phone', 'phone', { type: 'tel', autoComplete: 'tel', maxLength: LIMITS.phoneInputMax })}
      </div>
      {text('streetAddress', 'address.streetAddress', { autoComplete: 'address-line1' })}
      <div className="payout-form__row">
        {rules.postalCode &&
          text('postalCode', 'address.postalCode', { autoComplete: 'postal-code', maxLength: 20 })}
        {text('city', 'address.city', { autoComplete: 'address-level2' })}
        {rules.state && text('state', 'address.state', { autoComplete: 'address-level1', maxLength: 100 })}
      </div>
      {rules.personalIdNumber && text('personalIdNumber', 'personalIdNumber', { maxLength: 50 })}
      {rules.ssnLast4 && text('ssnLast4', 'ssnLast4', { maxLength: 4, inputMode: 'numeric' })}
      {kind === 'representative' &&
        text('jobTitle', 'jobTitle', { autoComplete: 'organization-title', maxLength: 100 })}
      {kind === 'owner' &&
        text('ownershipPercentage', 'ownershipPercentage', {
          type: 'number',
          inputMode: 'numeric',
          maxLength: 3,
        })}
    </div>
  );
}

/** Day, month and year selects: the year runs from this year back 80 years (spec part 2 §5.2). */
function BirthDateField(props: {
  path: string;
  person: PersonValues;
  onChange: (key: keyof PersonValues, value: string) => void;
  onBlur: (path: string) => void;
  error: FieldMessage;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const thisYear = Number(marketplaceToday().slice(0, 4));
  const years = Array.from({ length: LIMITS.birthYearSpan + 1 }, (_, index) => thisYear - index);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const parts = [
    {
      key: 'birthDay',
      part: 'day',
      options: Array.from({ length: 31 }, (_, i) => [String(i + 1), String(i + 1)]),
    },
    {
      key: 'birthMonth',
      part: 'month',
      options: Array.from({ length: 12 }, (_, i) => [String(i + 1), monthName.format(Date.UTC(2000, i, 1))]),
    },
    { key: 'birthYear', part: 'year', options: years.map((year) => [String(year), String(year)]) },
  ] as const;
  return (
    <fieldset className="payout-form__birth-date" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend className="field__label">{t('payouts.fields.birthDate')}</legend>
      <div className="payout-form__row">
        {parts.map(({ key, part, options }) => (
          <select
            key={key}
            name={`${props.path}.${part}`}
            aria-label={t(`payouts.fields.birth.${part}`)}
            className="field__input"
            value={props.person[key]}
            aria-invalid={props.error ? true : undefined}
            onChange={(event) => props.onChange(key, event.target.value)}
            onBlur={() => props.onBlur(props.path)}
          >
            <option value="" disabled>
              {t(`payouts.fields.birth.${part}`)}
            </option>
            {options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        ))}
      </div>
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(props.error.key, props.error.values)}
        </p>
      )}
    </fieldset>
  );
}
