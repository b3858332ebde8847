import { MARKETPLACE } from '@hora/core/config';
import { isPriceCurrencyValid } from '@hora/core/listing';
import { formatMoney } from '@hora/core/money';
import { useState } from 'react';
import { RadioGroup } from '../../components/ui/choice-group.tsx';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { visibleFieldErrors } from '../account/field-errors.ts';
import { blockInvalidSubmit, useTouched } from '../account/use-touched.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { INTL_LOCALE, usesDecimalComma } from './intl-locale.ts';
import {
  midpointPreview,
  type PricingValues,
  pricingBody,
  pricingFieldErrors,
  pricingValuesOf,
} from './pricing-form.ts';
import { TabActions } from './tab-actions.tsx';
import type { WizardTabProps } from './tab-props.ts';
import { useHydrated, useTabSubmit } from './use-tab-submit.ts';

const FIELD_ORDER = ['negociation', 'minPrice', 'maxPrice', 'price'];

/**
 * Price per hour in euros: one price, or a range the host negotiates within (its midpoint is the
 * price a booking starts from). A price stored in another currency cannot be edited here.
 */
export function PricingTab(props: WizardTabProps) {
  const { t } = useI18n();
  if (!isPriceCurrencyValid(props.listing.price)) {
    return (
      <Alert tone="error">
        {t('listings.pricing.currencyMismatch', {
          currency: props.listing.price?.currency ?? '',
          marketplaceCurrency: MARKETPLACE.currency,
        })}
      </Alert>
    );
  }
  return <PricingForm {...props} />;
}

function PricingForm({ listing, submitLabel, onSaved }: WizardTabProps) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const [values, setValues] = useState<PricingValues>(() =>
    pricingValuesOf(listing, usesDecimalComma(locale)),
  );
  const { touched, touch, edited, edit, submitted } = useTouched();
  const validation = useValidation();
  const body = pricingBody(values);
  const check = validation
    ? validation.validate(validation.listingPricingRequestSchema, body)
    : NOT_YET_CHECKED;
  const { saving, serverErrors, submit } = useTabSubmit(onSaved);
  const errors = visibleFieldErrors(
    check.ok ? {} : pricingFieldErrors(check.errors),
    touched,
    serverErrors ? pricingFieldErrors(serverErrors.fields) : undefined,
    edited,
  );
  const midpoint = midpointPreview(values);

  const set = (name: keyof PricingValues, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    edit(name);
  };
  const amountField = (name: 'minPrice' | 'maxPrice' | 'price') => ({
    name,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    required: true,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    onBlur: () => touch(name),
    error: errors[name],
  });

  return (
    <form
      className="form wizard-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const fieldCheck = check.ok ? check : { ok: false, errors: pricingFieldErrors(check.errors) };
        if (blockInvalidSubmit(event, fieldCheck, touch, FIELD_ORDER)) return;
        submitted();
        void submit('PUT', `/api/own-listings/${listing.id}/pricing`, body);
      }}
    >
      <RadioGroup
        name="negociation"
        legend={t('listings.pricing.negotiation')}
        hint={t('listings.pricing.negotiationHint')}
        options={[
          { value: 'no', label: t('listings.pricing.negotiationNo') },
          { value: 'yes', label: t('listings.pricing.negotiationYes') },
        ]}
        value={values.negociation}
        onChange={(value) => set('negociation', value)}
        error={errors.negociation}
      />
      {values.negociation === 'yes' ? (
        <>
          <div className="form__row">
            <TextField {...amountField('minPrice')} label={t('listings.pricing.minPrice')} />
            <TextField {...amountField('maxPrice')} label={t('listings.pricing.maxPrice')} />
          </div>
          <p className="field__hint" aria-live="polite">
            {midpoint
              ? t('listings.pricing.midpoint', {
                  price: formatMoney(midpoint, { locale: INTL_LOCALE[locale] }),
                })
              : t('listings.pricing.midpointPending')}
          </p>
        </>
      ) : (
        <TextField
          {...amountField('price')}
          label={t('listings.pricing.price')}
          hint={t('listings.pricing.priceHint')}
          className="field--short"
        />
      )}
      <TabActions submitLabel={submitLabel} saving={saving} disabled={!hydrated} error={serverErrors?.form} />
    </form>
  );
}
