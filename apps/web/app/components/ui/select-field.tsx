import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { FieldNotes, fieldDescription } from './form.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> {
  label: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** Message key of the field's error, shown under it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The label stays for screen readers only (a row of selects whose heading says it all). */
  labelHidden?: boolean;
}

/** A labelled select whose error and hint are announced with it. */
export function SelectField({
  label,
  options,
  onChange,
  error,
  hint,
  labelHidden,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
