import type { ListingView } from '@hora/core/listing';
import { type DateKey, timeFromMinutes } from '@hora/core/time';
import { useMemo, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { SelectField, type SelectOption } from '../../components/ui/select-field.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { BookingBreakdown } from '../breakdown/booking-breakdown.tsx';
import { useViewerTimeZone, zoneDiffers } from '../breakdown/viewer-time-zone.ts';
import { BOOKING_END_PARAM, BOOKING_START_PARAM, checkoutPath } from '../checkout/checkout-paths.ts';
import {
  type BookingCalendar,
  type BookingSelection,
  chosenBooking,
  EMPTY_SELECTION,
  endDates,
  endOptions,
  pickEndDate,
  pickEndTime,
  pickStartDate,
  pickStartTime,
  selectableDays,
  startOptions,
  timeSlotsOf,
} from './booking-selection.ts';
import { BOOKING_MONTHS_PARAM, formatSlotDay, type TimeSlotJson } from './slot-days.ts';
import { useBreakdownEstimate } from './use-breakdown-estimate.ts';

/** What the loader prepares for the form: the free slots of the months loaded, in the listing's zone. */
export interface BookingFormData {
  slots: TimeSlotJson[] | null;
  timeZone: string;
  firstDay: DateKey;
  /** The last day loaded (the end of the months shown), and the booking window's last day. */
  lastDay: DateKey;
  windowLastDay: DateKey;
  months: number;
}

/** Without JavaScript the time selects offer every hour; the checkout checks what was chosen. */
const ALL_START_HOURS = Array.from({ length: 24 }, (_, hour) => timeFromMinutes(hour * 60));
const ALL_END_HOURS = Array.from({ length: 24 }, (_, hour) => timeFromMinutes((hour + 1) * 60));

/**
 * The booking form (spec part 1 §2 listing page, part 2 §5.5): start date, start time, end date,
 * end time from the listing's free slots, the server's price once both times are set, and
 * "Solicitar reserva", a GET form to the checkout. Native selects (no date-picker library: the
 * page's script budget): blocked days are disabled options, and a select opens no keyboard on
 * phones, which is what the spec's read-only date fields under 768 px are for.
 *
 * Before the script runs the form is plain HTML: the date selects and every hour, sent as
 * `startDate`, `startTime`, `endDate`, `endTime` (the checkout reads them in the listing's zone).
 * Once it runs, the rules apply and the form sends the chosen instants.
 */
export function BookingForm(props: { listing: Pick<ListingView, 'id' | 'title'>; form: BookingFormData }) {
  const { t, locale } = useI18n();
  const { form } = props;
  const hydrated = useHydrated();
  const location = useLocation();
  const viewerZone = useViewerTimeZone();
  const [selection, setSelection] = useState<BookingSelection>(EMPTY_SELECTION);
  const calendar = useMemo<BookingCalendar>(
    () => ({
      slots: timeSlotsOf(form.slots ?? []),
      timeZone: form.timeZone,
      firstDay: form.firstDay,
      lastDay: form.lastDay,
    }),
    [form],
  );
  const days = useMemo(() => selectableDays(calendar), [calendar]);
  const booking = chosenBooking(selection);
  const estimate = useBreakdownEstimate(props.listing.id, hydrated ? booking : null);

  const dayLabel = (date: DateKey, blocked: boolean) =>
    blocked
      ? t('listing.booking.dayBlocked', { day: formatSlotDay(date, locale) })
      : formatSlotDay(date, locale);
  const placeholder = (label: string): SelectOption => ({ value: '', label });
  const dayOptions: SelectOption[] = [
    placeholder(t('listing.booking.pickDate')),
    ...days.map((day) => ({
      value: day.date,
      label: dayLabel(day.date, day.blocked),
      disabled: day.blocked,
    })),
  ];
  const update = (next: BookingSelection) => setSelection(next);
  const iso = (option: { instant: Date }) => option.instant.toISOString();

  const startTimes: SelectOption[] = hydrated
    ? startOptions(calendar, selection).map((o) => ({ value: iso(o), label: o.label }))
    : ALL_START_HOURS.map((hour) => ({ value: hour, label: hour }));
  const endDays: SelectOption[] = hydrated
    ? endDates(calendar, selection).map((date) => ({ value: date, label: formatSlotDay(date, locale) }))
    : days.map((day) => ({ value: day.date, label: dayLabel(day.date, day.blocked), disabled: day.blocked }));
  const endTimes: SelectOption[] = hydrated
    ? endOptions(calendar, selection).map((o) => ({ value: iso(o), label: o.label }))
    : ALL_END_HOURS.map((hour) => ({ value: hour, label: hour }));

  const moreMonths = form.lastDay < form.windowLastDay;
  const nextMonthHref = () => {
    const params = new URLSearchParams(location.search);
    params.set(BOOKING_MONTHS_PARAM, String(form.months + 1));
    return `${location.pathname}?${params}`;
  };

  return (
    <Form
      // Remounted once the script runs: the plain form's selects become controlled ones.
      key={hydrated ? 'live' : 'plain'}
      method="get"
      action={checkoutPath(props.listing)}
      className="booking-form"
      data-testid="booking-form"
    >
      <div className="booking-form__row">
        <SelectField
          label={t('listing.booking.startDate')}
          name={hydrated ? undefined : 'startDate'}
          options={dayOptions}
          value={hydrated ? (selection.startDate ?? '') : undefined}
          required
          onChange={(value) => update(pickStartDate(calendar, selection, value || null))}
        />
        <SelectField
          label={t('listing.booking.startTime')}
          name={hydrated ? BOOKING_START_PARAM : 'startTime'}
          options={hydrated ? [placeholder(t('listing.booking.pickTime')), ...startTimes] : startTimes}
          value={hydrated ? (selection.start ?? '') : undefined}
          disabled={hydrated && !selection.startDate}
          onChange={(value) => update(pickStartTime(calendar, selection, value || null))}
        />
      </div>
      <div className="booking-form__row">
        <SelectField
          label={t('listing.booking.endDate')}
          name={hydrated ? undefined : 'endDate'}
          options={
            hydrated ? [placeholder(t('listing.booking.pickDate')), ...endDays] : [dayOptions[0]!, ...endDays]
          }
          value={hydrated ? (selection.endDate ?? '') : undefined}
          disabled={hydrated && !selection.start}
          onChange={(value) => update(pickEndDate(calendar, selection, value || null))}
        />
        <SelectField
          label={t('listing.booking.endTime')}
          name={hydrated ? BOOKING_END_PARAM : 'endTime'}
          options={hydrated ? [placeholder(t('listing.booking.pickTime')), ...endTimes] : endTimes}
          value={hydrated ? (selection.end ?? '') : undefined}
          disabled={hydrated && !selection.start}
          onChange={(value) => update(pickEndTime(calendar, selection, value || null))}
        />
      </div>
      {zoneDiffers(form.timeZone, viewerZone) && (
        <p className="booking-form__zone">{t('listing.booking.timeZone', { zone: form.timeZone })}</p>
      )}
      {moreMonths && (
        <Link to={nextMonthHref()} preventScrollReset replace className="booking-form__more">
          {t('listing.booking.nextMonth')}
        </Link>
      )}
      <div aria-live="polite" className="booking-form__estimate">
        {estimate.kind === 'loading' && (
          <p className="booking-form__loading">{t('listing.booking.estimating')}</p>
        )}
        {estimate.kind === 'ready' && <BookingBreakdown breakdown={estimate.breakdown} party="customer" />}
        {estimate.kind === 'failed' && (
          <Alert tone="error">{t(`listing.booking.errors.${estimate.failure}`)}</Alert>
        )}
      </div>
      <button
        type="submit"
        className="button button--primary booking-form__submit"
        disabled={hydrated && (booking === null || estimate.kind === 'failed')}
      >
        {t('listing.booking.submit')}
      </button>
      <p className="booking-form__note">{t('listing.booking.paymentNote')}</p>
    </Form>
  );
}
