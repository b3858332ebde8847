import { CATEGORIES, LIMITS } from '@hora/core/config';
import { useState } from 'react';
import { CheckboxGroup } from '../../components/ui/choice-group.tsx';
import { TextAreaField, TextField } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { visibleFieldErrors } from '../account/field-errors.ts';
import { blockInvalidSubmit, useTouched } from '../account/use-touched.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { type FeaturesValues, featuresBody, featuresFieldErrors, featuresValuesOf } from './features-form.ts';
import { TabActions } from './tab-actions.tsx';
import type { WizardTabProps } from './tab-props.ts';
import { useHydrated, useTabSubmit } from './use-tab-submit.ts';

const FIELD_ORDER = ['category', 'capacity', 'certificate', 'rules'];

/** The kind of space (any of the 19 categories), how many people it holds, a certificate and house rules. */
export function FeaturesTab({ listing, submitLabel, onSaved }: WizardTabProps) {
  const t = useT();
  const hydrated = useHydrated();
  const [values, setValues] = useState<FeaturesValues>(() => featuresValuesOf(listing));
  const { touched, touch, edited, edit, submitted } = useTouched();
  const validation = useValidation();
  const body = featuresBody(values);
  const check = validation
    ? validation.validate(validation.listingFeaturesRequestSchema, body)
    : NOT_YET_CHECKED;
  const { saving, serverErrors, submit } = useTabSubmit(onSaved);
  const errors = visibleFieldErrors(
    check.ok ? {} : featuresFieldErrors(check.errors, values),
    touched,
    serverErrors?.fields,
    edited,
  );

  const set = <K extends keyof FeaturesValues>(name: K, value: FeaturesValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    edit(name);
  };

  return (
    <form
      className="form wizard-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blockInvalidSubmit(event, check, touch, FIELD_ORDER)) return;
        submitted();
        void submit('PUT', `/api/own-listings/${listing.id}/features`, 'data' in check ? check.data : body);
      }}
    >
      <CheckboxGroup
        name="category"
        legend={t('listings.features.category')}
        hint={t('listings.features.categoryHint')}
        grid
        options={CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
        values={values.category}
        onChange={(category) => {
          set('category', category);
          touch('category');
        }}
        error={errors.category}
      />
      <TextField
        name="capacity"
        label={t('listings.features.capacity')}
        hint={t('listings.features.capacityHint')}
        inputMode="numeric"
        autoComplete="off"
        required
        defaultValue={values.capacity}
        onChange={(event) => set('capacity', event.target.value)}
        onBlur={() => touch('capacity')}
        error={errors.capacity}
        className="field--short"
      />
      <TextField
        name="certificate"
        label={t('listings.features.certificate')}
        hint={t('listings.features.certificateHint')}
        autoComplete="off"
        maxLength={LIMITS.lineMax}
        defaultValue={values.certificate}
        onChange={(event) => set('certificate', event.target.value)}
        onBlur={() => touch('certificate')}
        error={errors.certificate}
      />
      <TextAreaField
        name="rules"
        label={t('listings.features.rules')}
        hint={t('listings.features.rulesHint')}
        maxLength={LIMITS.textAreaMax}
        rows={5}
        defaultValue={values.rules}
        onChange={(event) => set('rules', event.target.value)}
        onBlur={() => touch('rules')}
        error={errors.rules}
      />
      <TabActions submitLabel={submitLabel} saving={saving} disabled={!hydrated} error={serverErrors?.form} />
    </form>
  );
}
