import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n/i18n.tsx';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

interface GroupProps {
  name: string;
  legend: string;
  options: readonly ChoiceOption[];
  /** Message key of the group's error, shown under it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Lay the options out in a grid (many short options, like categories). */
  grid?: boolean;
  disabled?: boolean;
}

/** A fieldset whose legend names the group, with its hint and error tied to it. */
function Group(props: GroupProps & { children: ReactNode }) {
  const t = useT();
  const id = useId();
  const describedBy =
    [props.error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className="choice-group"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy}
      disabled={props.disabled}
    >
      <legend className="field__label">{props.legend}</legend>
      {props.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      <div
        className={props.grid ? 'choice-group__options choice-group__options--grid' : 'choice-group__options'}
      >
        {props.children}
      </div>
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(props.error)}
        </p>
      )}
    </fieldset>
  );
}

/** Several choices at once (checkboxes sharing a name). */
export function CheckboxGroup(
  props: GroupProps & { values: readonly string[]; onChange: (values: string[]) => void },
) {
  const { values, onChange, ...group } = props;
  const toggle = (value: string, checked: boolean) => {
    const next = props.options
      .map((option) => option.value)
      .filter((option) => (option === value ? checked : values.includes(option)));
    onChange(next);
  };
  return (
    <Group {...group}>
      {props.options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="checkbox"
            name={props.name}
            value={option.value}
            checked={values.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </Group>
  );
}

/** One choice out of a few (radio buttons sharing a name). */
export function RadioGroup(
  props: GroupProps & { value: string | undefined; onChange: (value: string) => void },
) {
  const { value, onChange, ...group } = props;
  return (
    <Group {...group}>
      {props.options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </Group>
  );
}
