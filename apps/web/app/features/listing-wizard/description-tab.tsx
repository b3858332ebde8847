import { LIMITS } from '@hora/core/config';
import { TextAreaField, TextField } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { visibleFieldErrors } from '../account/field-errors.ts';
import { useFormValues } from '../account/use-form-values.ts';
import { blockInvalidSubmit, useTouched } from '../account/use-touched.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { isListingCreated } from './listing-like.ts';
import { TabActions } from './tab-actions.tsx';
import type { WizardTabProps } from './tab-props.ts';
import { useHydrated, useTabSubmit } from './use-tab-submit.ts';

const FIELD_ORDER = ['title', 'description'];

/**
 * Title (at most 60 characters, trimmed) and description (at most 5000). Saving it for a new
 * listing creates the draft; later it updates the texts.
 */
export function DescriptionTab({ listing, submitLabel, onSaved }: WizardTabProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { form, defaults, values, set } = useFormValues({
    title: listing.title,
    description: listing.description,
  });
  const { touched, touch, edited, edit, submitted } = useTouched();
  const validation = useValidation();
  const check = validation
    ? validation.validate(validation.listingDescriptionRequestSchema, values)
    : NOT_YET_CHECKED;
  const { saving, serverErrors, submit } = useTabSubmit(onSaved);
  const errors = visibleFieldErrors(check.ok ? {} : check.errors, touched, serverErrors?.fields, edited);

  const change = (name: 'title' | 'description') => (value: string) => {
    set(name, value);
    edit(name);
  };

  return (
    <form
      ref={form}
      className="form wizard-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blockInvalidSubmit(event, check, touch, FIELD_ORDER)) return;
        submitted();
        const body = 'data' in check ? check.data : values;
        if (isListingCreated(listing))
          void submit('PUT', `/api/own-listings/${listing.id}/description`, body);
        else void submit('POST', '/api/listings', body);
      }}
    >
      <TextField
        name="title"
        label={t('listings.description.title')}
        defaultValue={defaults.title}
        maxLength={LIMITS.titleMax}
        required
        autoComplete="off"
        onChange={(event) => change('title')(event.target.value)}
        onBlur={() => touch('title')}
        error={errors.title}
        hint={t('listings.counter', { count: values.title.length, max: LIMITS.titleMax })}
      />
      <TextAreaField
        name="description"
        label={t('listings.description.description')}
        defaultValue={defaults.description}
        maxLength={LIMITS.textAreaMax}
        rows={8}
        required
        onChange={(event) => change('description')(event.target.value)}
        onBlur={() => touch('description')}
        error={errors.description}
        hint={t('listings.description.descriptionHint', {
          count: values.description.length,
          max: LIMITS.textAreaMax,
        })}
      />
      <TabActions submitLabel={submitLabel} saving={saving} disabled={!hydrated} error={serverErrors?.form} />
    </form>
  );
}
