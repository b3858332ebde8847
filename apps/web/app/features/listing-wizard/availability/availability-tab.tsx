import { useId, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useValidation } from '../../forms/use-validation.ts';
import { TabActions } from '../tab-actions.tsx';
import type { WizardTabProps } from '../tab-props.ts';
import { useHydrated, useTabSubmit } from '../use-tab-submit.ts';
import {
  type AvailabilityErrors,
  availabilityClientErrors,
  NO_AVAILABILITY_ERRORS,
  splitAvailabilityErrors,
} from './availability-errors.ts';
import { BookingRulesFields } from './booking-rules-fields.tsx';
import { type BookingRulesValues, bookingRulesOf, bookingRulesValuesOf } from './booking-rules-form.ts';
import { ExceptionsSection } from './exceptions-section.tsx';
import { PlanEditor } from './plan-editor.tsx';
import { hasRanges, type PlanFormValues, planFormOf, planRequest } from './plan-rows.ts';
import { timeZoneLabel, timeZoneOptions } from './time-zones.ts';

/**
 * When the space can be booked: the weekly plan in the listing's time zone, the booking rules,
 * and the exceptions to the plan. Saving needs at least one opening range (spec part 2 §5.4:
 * next is disabled until a plan exists); exceptions save on their own, at once.
 */
export function AvailabilityTab({ listing, submitLabel, onSaved }: WizardTabProps) {
  const t = useT();
  const formId = useId();
  const hydrated = useHydrated();
  const [plan, setPlan] = useState<PlanFormValues>(() =>
    planFormOf(listing.availabilityPlan, listing.timeZone),
  );
  const [rules, setRules] = useState<BookingRulesValues>(() => bookingRulesValuesOf(listing.bookingRules));
  const [showErrors, setShowErrors] = useState(false);
  const validation = useValidation();
  const { saving, serverErrors, submit } = useTabSubmit(onSaved);
  const request = planRequest(plan);
  const body = { plan: request.plan, bookingRules: bookingRulesOf(rules) };
  const clientErrors: AvailabilityErrors = validation
    ? availabilityClientErrors(validation, body, request.rows)
    : NO_AVAILABILITY_ERRORS;
  const fromServer = serverErrors ? splitAvailabilityErrors(serverErrors.fields, request.rows) : undefined;
  // Rows are checked once a save was tried: a half-chosen range is no mistake yet.
  const shown = showErrors ? clientErrors : NO_AVAILABILITY_ERRORS;
  const errors = {
    rows: { ...fromServer?.rows, ...shown.rows },
    rules: { ...fromServer?.rules, ...shown.rules },
    other: { ...fromServer?.other, ...shown.other },
  };
  const planExists = hasRanges(plan.days);
  const clientInvalid = [clientErrors.rows, clientErrors.rules, clientErrors.other].some(
    (errors) => Object.keys(errors).length > 0,
  );

  return (
    <div className="wizard-form">
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setShowErrors(true);
          if (!planExists || clientInvalid) return;
          void submit('PUT', `/api/own-listings/${listing.id}/availability`, body);
        }}
      >
        <SelectField
          name="timezone"
          label={t('listings.availability.timeZone')}
          hint={t('listings.availability.timeZoneHint')}
          options={timeZoneOptions(plan.timezone).map((zone) => ({
            value: zone,
            label: timeZoneLabel(zone),
          }))}
          value={plan.timezone}
          onChange={(timezone) => setPlan({ ...plan, timezone })}
          error={errors.other.timezone}
        />
        <section className="wizard-section" aria-labelledby={`${formId}-plan`}>
          <h3 id={`${formId}-plan`} className="wizard-section__title">
            {t('listings.availability.planTitle')}
          </h3>
          <p className="field__hint">{t('listings.availability.planIntro')}</p>
          <PlanEditor
            days={plan.days}
            stepMinutes={Number(rules.slotStepMinutes)}
            errors={errors.rows}
            onChange={(days) => setPlan({ ...plan, days })}
          />
        </section>
        <section className="wizard-section" aria-labelledby={`${formId}-rules`}>
          <h3 id={`${formId}-rules`} className="wizard-section__title">
            {t('listings.rules.title')}
          </h3>
          <p className="field__hint">{t('listings.rules.intro')}</p>
          <BookingRulesFields values={rules} errors={errors.rules} onChange={setRules} />
        </section>
      </form>
      <ExceptionsSection
        listingId={listing.id}
        timeZone={listing.availabilityPlan?.timezone ?? listing.timeZone}
      />
      <TabActions
        form={formId}
        submitLabel={submitLabel}
        saving={saving}
        disabled={!hydrated || !planExists}
        disabledHint={planExists ? undefined : t('listings.availability.planRequired')}
        error={
          serverErrors?.form ?? (showErrors && clientInvalid ? 'listings.availability.fixErrors' : undefined)
        }
      />
    </div>
  );
}
