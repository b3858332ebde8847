import { RadioGroup } from '../../../components/ui/choice-group.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { type Translate, useT } from '../../../i18n/i18n.tsx';
import {
  advanceNoticeOptions,
  type BookingRulesValues,
  bookingWindowOptions,
  bufferOptions,
  durationParts,
  maxDurationOptions,
  minDurationOptions,
  withMinDuration,
  withSlotStep,
} from './booking-rules-form.ts';

/** "30 min", "1 h 30 min", "2 días". */
export function durationLabel(t: Translate, minutes: number): string {
  const parts = durationParts(minutes);
  if (parts.days > 0) return t('listings.duration.days', { count: parts.days });
  if (parts.hours > 0 && parts.minutes > 0) return t('listings.duration.hoursMinutes', parts);
  if (parts.hours > 0) return t('listings.duration.hours', { count: parts.hours });
  return t('listings.duration.minutes', { count: parts.minutes });
}

/**
 * The booking rules (beyond the spec): how long a booking may last, the free time kept around
 * each one, how soon and how far ahead it may be booked, and the step of its start times. The
 * defaults keep the marketplace's plain hourly booking.
 */
export function BookingRulesFields(props: {
  values: BookingRulesValues;
  errors: Readonly<Record<string, string>>;
  onChange: (values: BookingRulesValues) => void;
}) {
  const t = useT();
  const { values, errors, onChange } = props;
  const minutesOptions = (options: number[], zeroKey?: string) =>
    options.map((minutes) => ({
      value: String(minutes),
      label: minutes === 0 && zeroKey ? t(zeroKey) : durationLabel(t, minutes),
    }));
  const set = (name: keyof BookingRulesValues) => (value: string) => onChange({ ...values, [name]: value });

  return (
    <div className="booking-rules">
      <RadioGroup
        name="slotStepMinutes"
        legend={t('listings.rules.slotStep')}
        hint={t('listings.rules.slotStepHint')}
        options={[
          { value: '60', label: t('listings.rules.slotStep60') },
          { value: '30', label: t('listings.rules.slotStep30') },
        ]}
        value={values.slotStepMinutes}
        onChange={(step) => onChange(withSlotStep(values, step === '30' ? '30' : '60'))}
        error={errors.slotStepMinutes}
      />
      <div className="form__row">
        <SelectField
          name="minDurationMinutes"
          label={t('listings.rules.minDuration')}
          hint={t('listings.rules.minDurationHint')}
          options={minutesOptions(minDurationOptions(values))}
          value={values.minDurationMinutes}
          onChange={(minutes) => onChange(withMinDuration(values, minutes))}
          error={errors.minDurationMinutes}
        />
        <SelectField
          name="maxDurationMinutes"
          label={t('listings.rules.maxDuration')}
          hint={t('listings.rules.maxDurationHint')}
          options={[
            { value: '', label: t('listings.rules.noMaximum') },
            ...minutesOptions(maxDurationOptions(values)),
          ]}
          value={values.maxDurationMinutes}
          onChange={set('maxDurationMinutes')}
          error={errors.maxDurationMinutes}
        />
      </div>
      <div className="form__row">
        <SelectField
          name="bufferBeforeMinutes"
          label={t('listings.rules.bufferBefore')}
          hint={t('listings.rules.bufferBeforeHint')}
          options={minutesOptions(bufferOptions(values.bufferBeforeMinutes), 'listings.rules.noBuffer')}
          value={values.bufferBeforeMinutes}
          onChange={set('bufferBeforeMinutes')}
          error={errors.bufferBeforeMinutes}
        />
        <SelectField
          name="bufferAfterMinutes"
          label={t('listings.rules.bufferAfter')}
          hint={t('listings.rules.bufferAfterHint')}
          options={minutesOptions(bufferOptions(values.bufferAfterMinutes), 'listings.rules.noBuffer')}
          value={values.bufferAfterMinutes}
          onChange={set('bufferAfterMinutes')}
          error={errors.bufferAfterMinutes}
        />
      </div>
      <div className="form__row">
        <SelectField
          name="advanceNoticeMinutes"
          label={t('listings.rules.advanceNotice')}
          hint={t('listings.rules.advanceNoticeHint')}
          options={minutesOptions(
            advanceNoticeOptions(values.advanceNoticeMinutes),
            'listings.rules.noNotice',
          )}
          value={values.advanceNoticeMinutes}
          onChange={set('advanceNoticeMinutes')}
          error={errors.advanceNoticeMinutes}
        />
        <SelectField
          name="bookingWindowDays"
          label={t('listings.rules.bookingWindow')}
          hint={t('listings.rules.bookingWindowHint')}
          options={bookingWindowOptions(values.bookingWindowDays).map((days) => ({
            value: String(days),
            label: t('listings.duration.days', { count: days }),
          }))}
          value={values.bookingWindowDays}
          onChange={set('bookingWindowDays')}
          error={errors.bookingWindowDays}
        />
      </div>
    </div>
  );
}
