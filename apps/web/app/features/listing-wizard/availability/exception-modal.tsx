import type { AvailabilityExceptionView } from '@hora/core/listing';
import { useMemo, useState } from 'react';
import { RadioGroup } from '../../../components/ui/choice-group.tsx';
import { Alert, TextField } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { callApi } from '../listing-api.ts';
import { useServerNow } from '../server-clock.tsx';
import {
  EMPTY_EXCEPTION,
  type ExceptionValues,
  endChoices,
  exceptionDateBounds,
  exceptionRequest,
  freeExceptionSlots,
  lastEndDate,
  startChoices,
  withEndDate,
  withStart,
} from './exception-form.ts';

/** What a time select shows before a date gives it times to offer: nothing to pick. */
const NO_TIME_CHOSEN = { value: '', label: '--:--', disabled: true };

/**
 * Adds one exception to the weekly plan: open at times the plan closes, or closed at times it
 * opens. Times are the listing's, and only free time (no other exception) is offered. A failure
 * keeps the modal open with what was chosen.
 */
export function ExceptionModal(props: {
  listingId: string;
  timeZone: string;
  exceptions: readonly AvailabilityExceptionView[];
  onClose: () => void;
  onAdded: (exception: AvailabilityExceptionView) => void;
}) {
  const t = useT();
  const { timeZone } = props;
  // Read once: the modal offers times from now on, by the API's clock.
  const serverNow = useServerNow();
  const [now] = useState(serverNow);
  const free = useMemo(() => freeExceptionSlots(props.exceptions, now), [props.exceptions, now]);
  const bounds = exceptionDateBounds(now, timeZone);
  const [values, setValues] = useState<ExceptionValues>(EMPTY_EXCEPTION);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const starts = startChoices(free, values, timeZone);
  const ends = endChoices(free, values, timeZone);
  const request = exceptionRequest(values, timeZone);

  const timeOptions = (options: { label: string }[], current: string) => [
    ...(current === '' ? [NO_TIME_CHOSEN] : []),
    ...options.map((option) => ({ value: option.label, label: option.label })),
  ];

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!request) {
      setError('listings.exceptions.incomplete');
      return;
    }
    setSaving(true);
    setError(undefined);
    const answer = await callApi<AvailabilityExceptionView>(
      'POST',
      `/api/own-listings/${props.listingId}/availability-exceptions`,
      request,
    );
    setSaving(false);
    if (answer.ok) props.onAdded(answer.data);
    else setError(answer.errors.form ?? Object.values(answer.errors.fields)[0] ?? 'errors.api.generic');
  };

  return (
    <Modal
      title={t('listings.exceptions.addTitle')}
      closeLabel={t('listings.exceptions.close')}
      onClose={props.onClose}
      testId="exception-modal"
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <RadioGroup
          name="availability"
          legend={t('listings.exceptions.availability')}
          options={[
            { value: 'not-available', label: t('listings.exceptions.notAvailable') },
            { value: 'available', label: t('listings.exceptions.available') },
          ]}
          value={values.availability}
          onChange={(availability) =>
            setValues({
              ...values,
              availability: availability === 'available' ? 'available' : 'not-available',
            })
          }
        />
        <p className="field__hint">{t('listings.exceptions.zoneHint', { zone: timeZone })}</p>
        <div className="form__row">
          <TextField
            name="exceptionStartDate"
            type="date"
            label={t('listings.exceptions.startDate')}
            min={bounds.min}
            max={bounds.max}
            required
            value={values.exceptionStartDate}
            onChange={(event) =>
              setValues(withStart(free, values, { exceptionStartDate: event.target.value }, timeZone))
            }
          />
          <SelectField
            name="exceptionStartTime"
            label={t('listings.exceptions.startTime')}
            options={timeOptions(starts, values.exceptionStartTime)}
            value={values.exceptionStartTime}
            disabled={starts.length === 0}
            hint={
              values.exceptionStartDate && starts.length === 0
                ? t('listings.exceptions.noFreeHours')
                : undefined
            }
            onChange={(time) => setValues(withStart(free, values, { exceptionStartTime: time }, timeZone))}
          />
        </div>
        <div className="form__row">
          <TextField
            name="exceptionEndDate"
            type="date"
            label={t('listings.exceptions.endDate')}
            min={values.exceptionStartDate || bounds.min}
            max={lastEndDate(free, values, timeZone) ?? bounds.max}
            required
            disabled={values.exceptionStartTime === ''}
            value={values.exceptionEndDate}
            onChange={(event) => setValues(withEndDate(free, values, event.target.value, timeZone))}
          />
          <SelectField
            name="exceptionEndTime"
            label={t('listings.exceptions.endTime')}
            options={timeOptions(ends, values.exceptionEndTime)}
            value={values.exceptionEndTime}
            disabled={ends.length === 0}
            onChange={(time) => setValues({ ...values, exceptionEndTime: time })}
          />
        </div>
        {error && <Alert tone="error">{t(error)}</Alert>}
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || !request}
          aria-busy={saving || undefined}
        >
          {saving ? t('listings.submit.saving') : t('listings.exceptions.add')}
        </button>
      </form>
    </Modal>
  );
}
