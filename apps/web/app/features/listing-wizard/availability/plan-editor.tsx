import { WEEKDAYS } from '@hora/core/availability';
import type { TimeOfDay } from '@hora/core/time';
import { useId } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import {
  addRange,
  copyDayToAll,
  removeRange,
  rowKey,
  setRangeTime,
  type TimeRange,
  timeOptions,
  type Weekday,
  type WeekRows,
  withCurrent,
} from './plan-rows.ts';

interface PlanEditorProps {
  days: WeekRows;
  stepMinutes: number;
  /** One message key per row (`mon.0`). */
  errors: Readonly<Record<string, string>>;
  onChange: (days: WeekRows) => void;
}

/**
 * The weekly plan: each day holds any number of opening ranges (none: closed that day). Times
 * follow the slot step, an end of 24:00 closes the day, and a problem shows on its own row.
 */
export function PlanEditor({ days, stepMinutes, errors, onChange }: PlanEditorProps) {
  const t = useT();
  return (
    <div className="plan-editor">
      {WEEKDAYS.map((day) => (
        <PlanDay
          key={day}
          day={day}
          dayName={t(`listings.weekday.${day}`)}
          ranges={days[day]}
          stepMinutes={stepMinutes}
          errors={errors}
          onAdd={() => onChange(addRange(days, day, stepMinutes))}
          onRemove={(index) => onChange(removeRange(days, day, index))}
          onTime={(index, which, time) => onChange(setRangeTime(days, day, index, which, time))}
          onCopy={() => onChange(copyDayToAll(days, day))}
        />
      ))}
    </div>
  );
}

function PlanDay(props: {
  day: Weekday;
  dayName: string;
  ranges: readonly TimeRange[];
  stepMinutes: number;
  errors: Readonly<Record<string, string>>;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onTime: (index: number, which: keyof TimeRange, time: TimeOfDay | '') => void;
  onCopy: () => void;
}) {
  const t = useT();
  const headingId = `plan-day-${props.day}`;
  return (
    <section className="plan-day" aria-labelledby={headingId}>
      <h4 id={headingId} className="plan-day__name">
        {props.dayName}
      </h4>
      <div className="plan-day__ranges">
        {props.ranges.length === 0 && <p className="plan-day__closed">{t('listings.availability.closed')}</p>}
        {props.ranges.length > 0 && (
          <ul className="plan-day__list">
            {props.ranges.map((range, index) => (
              <PlanRange
                // Rows have no identity of their own; their position is what the errors name.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                range={range}
                position={index + 1}
                dayName={props.dayName}
                stepMinutes={props.stepMinutes}
                error={props.errors[rowKey({ day: props.day, index })]}
                onTime={(which, time) => props.onTime(index, which, time)}
                onRemove={() => props.onRemove(index)}
              />
            ))}
          </ul>
        )}
        <div className="plan-day__actions">
          <button type="button" className="button button--secondary button--small" onClick={props.onAdd}>
            {t('listings.availability.addRange')}
            <span className="visually-hidden"> {props.dayName}</span>
          </button>
          {props.ranges.length > 0 && (
            <button type="button" className="button button--link" onClick={props.onCopy}>
              {t('listings.availability.copyToAll', { day: props.dayName })}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function PlanRange(props: {
  range: TimeRange;
  position: number;
  dayName: string;
  stepMinutes: number;
  error: string | undefined;
  onTime: (which: keyof TimeRange, time: TimeOfDay | '') => void;
  onRemove: () => void;
}) {
  const t = useT();
  const errorId = useId();
  const names = { day: props.dayName, position: props.position };
  const options = (which: keyof TimeRange) => {
    const times = withCurrent(timeOptions(which, props.stepMinutes), props.range[which]);
    const choices = times.map((time) => ({ value: time, label: time }));
    return props.range[which] === '' ? [{ value: '', label: '--:--', disabled: true }, ...choices] : choices;
  };
  return (
    <li className="plan-range">
      <div className="plan-range__times">
        <SelectField
          label={t('listings.availability.startOf', names)}
          labelHidden
          options={options('start')}
          value={props.range.start}
          onChange={(time) => props.onTime('start', time)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <span aria-hidden="true">–</span>
        <SelectField
          label={t('listings.availability.endOf', names)}
          labelHidden
          options={options('end')}
          value={props.range.end}
          onChange={(time) => props.onTime('end', time)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <button
          type="button"
          className="icon-button plan-range__remove"
          onClick={props.onRemove}
          aria-label={t('listings.availability.removeRange', names)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {t(props.error)}
        </p>
      )}
    </li>
  );
}
