import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { useT } from '../../i18n/i18n.tsx';

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
  const t = useT();
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
