import { type DateKey, timeFromMinutes } from '@hora/core/time';
import { useMemo, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { SelectField, type SelectOption } from '../../components/ui/select-field.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useT } from '../../i18n/i18n.tsx';
import { BookingBreakdown } from '../breakdown/booking-breakdown.tsx';
import { useViewerTimeZone, zoneDiffers } from '../breakdown/viewer-time-zone.ts';
import {
  BOOKING_END_PARAM,
  BOOKING_START_PARAM,
  checkoutPath,
  TRANSACTION_PARAM,
} from '../checkout/checkout-paths.ts';
import { BOOKING_MONTHS_PARAM, type BookingFormProps } from './booking-form.tsx';
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
  startOptions,
  timeSlotsOf,
} from './booking-selection.ts';
import { useBreakdownEstimate } from './use-breakdown-estimate.ts';

/** Without the script the time selects offer every hour; the checkout checks what was chosen. */
const HOURS = Array.from({ length: 25 }, (_, hour) => {
  const time = timeFromMinutes(hour * 60);
  return { value: time, label: time };
});

/**
 * The booking form (spec part 1 §2 listing page, part 2 §5.5): native selects (no date-picker
 * library: the page's script budget), blocked days as disabled options; a select opens no keyboard
 * on phones, which is what the spec's read-only date fields under 768 px are for.
 *
 * Server-rendered (and before its script runs) it is a plain GET form: the days and every hour,
 * sent as `startDate`, `startTime`, `endDate`, `endTime` (the checkout reads them in the listing's
 * zone). Once the script runs, the rules of `booking-selection.ts` apply, the server prices the
 * chosen times, and the form sends the chosen instants (`bookingStart`, `bookingEnd`).
 */
export function BookingFormLive(props: BookingFormProps) {
  const t = useT();
  const { form } = props;
  const hydrated = useHydrated();
  const location = useLocation();
  const viewerZone = useViewerTimeZone();
  const calendar = useMemo<BookingCalendar>(
    () => ({
      slots: timeSlotsOf(form.slots ?? []),
      timeZone: form.timeZone,
      firstDay: form.firstDay,
      lastDay: form.lastDay,
    }),
    [form],
  );
  const [selection, setSelection] = useState<BookingSelection>(EMPTY_SELECTION);
  const booking = chosenBooking(selection);
  const estimate = useBreakdownEstimate(
    props.listing.id,
    hydrated ? booking : null,
    undefined,
    props.transactionId,
  );
  const labels = useMemo(() => new Map(form.days.map((day) => [day.date, day.label])), [form.days]);

  const placeholder = (key: string): SelectOption => ({ value: '', label: t(key) });
  const days: SelectOption[] = form.days.map((day) => ({
    value: day.date,
    label: day.blocked ? t('listing.booking.dayBlocked', { day: day.label }) : day.label,
    disabled: day.blocked,
  }));
  const iso = (option: { instant: Date }) => option.instant.toISOString();
  const live = <T,>(options: T[]) => [
    placeholder('listing.booking.pickTime'),
    ...(options as SelectOption[]),
  ];
  const nextMonth = () => {
    const params = new URLSearchParams(location.search);
    params.set(BOOKING_MONTHS_PARAM, String(form.months + 1));
    return `${location.pathname}?${params}`;
  };

  // Before the script runs: plain fields under the names the checkout reads in the listing's zone.
  const fields = hydrated
    ? {
        startTime: {
          name: BOOKING_START_PARAM,
          value: selection.start ?? '',
          options: live(startOptions(calendar, selection).map((o) => ({ value: iso(o), label: o.label }))),
          disabled: !selection.startDate,
        },
        endDate: {
          value: selection.endDate ?? '',
          options: [
            placeholder('listing.booking.pickDate'),
            ...endDates(calendar, selection).map((date) => ({
              value: date,
              label: labels.get(date) ?? date,
            })),
          ],
          disabled: !selection.start,
        },
        endTime: {
          name: BOOKING_END_PARAM,
          value: selection.end ?? '',
          options: live(endOptions(calendar, selection).map((o) => ({ value: iso(o), label: o.label }))),
          disabled: !selection.start,
        },
      }
    : {
        startTime: { name: 'startTime', options: HOURS.slice(0, 24) },
        endDate: { name: 'endDate', options: [placeholder('listing.booking.pickDate'), ...days] },
        endTime: { name: 'endTime', options: HOURS.slice(1) },
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
      {props.transactionId ? (
        <input type="hidden" name={TRANSACTION_PARAM} value={props.transactionId} />
      ) : null}
      <div className="booking-form__row">
        <SelectField
          label={t('listing.booking.startDate')}
          name={hydrated ? undefined : 'startDate'}
          options={[placeholder('listing.booking.pickDate'), ...days]}
          value={hydrated ? (selection.startDate ?? '') : undefined}
          required
          onChange={(value) => setSelection(pickStartDate(calendar, selection, (value as DateKey) || null))}
        />
        <SelectField
          label={t('listing.booking.startTime')}
          {...fields.startTime}
          onChange={(value) => setSelection(pickStartTime(calendar, selection, value || null))}
        />
      </div>
      <div className="booking-form__row">
        <SelectField
          label={t('listing.booking.endDate')}
          {...fields.endDate}
          onChange={(value) => setSelection(pickEndDate(calendar, selection, value || null))}
        />
        <SelectField
          label={t('listing.booking.endTime')}
          {...fields.endTime}
          onChange={(value) => setSelection(pickEndTime(calendar, selection, value || null))}
        />
      </div>
      {form.days.every((day) => day.blocked) && (
        <p className="booking-form__note">{t('listing.booking.noFreeTime')}</p>
      )}
      {zoneDiffers(form.timeZone, viewerZone) && (
        <p className="booking-form__zone">{t('listing.booking.timeZone', { zone: form.timeZone })}</p>
      )}
      {form.lastDay < form.windowLastDay && (
        <Link to={nextMonth()} preventScrollReset replace className="booking-form__more">
          {t('listing.booking.nextMonth')}
        </Link>
      )}
      <div aria-live="polite" className="booking-form__estimate">
        {estimate.kind === 'loading' && (
          <p className="booking-form__loading">{t('listing.booking.estimating')}</p>
        )}
        {estimate.kind === 'ready' && (
          // The form names the listing's zone above; the breakdown does not repeat it.
          <BookingBreakdown breakdown={estimate.breakdown} party="customer" zoneNote={false} />
        )}
        {estimate.kind === 'failed' && (
          <Alert tone="error">{t(`listing.booking.errors.${estimate.failure}`)}</Alert>
        )}
      </div>
      <button
        type="submit"
        className="button button--primary booking-form__submit"
        // A price the server could not work out for a passing reason does not stop the request:
        // the checkout prices it again. The listing's own refusals do.
        disabled={
          hydrated && (booking === null || (estimate.kind === 'failed' && estimate.failure !== 'failed'))
        }
      >
        {t('listing.booking.submit')}
      </button>
      <p className="booking-form__note">{t('listing.booking.paymentNote')}</p>
    </Form>
  );
}
