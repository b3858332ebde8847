import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useT } from '../../i18n/i18n.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  /** The field's error, shown under it. */
  error?: FieldError;
  hint?: ReactNode;
}

/**
 * A field's error: a message key, or a key with values (a bank error names the country). Forms
 * choose it; the field translates it.
 */
export type FieldError = string | { key: string; values?: Record<string, string> } | undefined;

const errorText = (t: ReturnType<typeof useT>, error: Exclude<FieldError, undefined>) =>
  typeof error === 'string' ? t(error) : t(error.key, error.values);

/** The ids a field's hint and error take, in the order a screen reader should read them. */
export function fieldDescription(id: string, error: FieldError, hint: ReactNode): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and translated error, under it, with the ids `fieldDescription` names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: FieldError }) {
  const t = useT();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errorText(t, error)}
        </p>
      )}
    </>
  );
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, error, hint)}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField(props: {
  name: string;
  label: string;
  defaultValue?: string;
  maxLength?: number;
  rows?: number;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  onChange?: React.ChangeEventHandler<HTMLTextAreaElement>;
  onBlur?: React.FocusEventHandler<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        className="field__input field__textarea"
        defaultValue={props.defaultValue}
        maxLength={props.maxLength}
        rows={props.rows ?? 4}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={fieldDescription(id, props.error, props.hint)}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
      <FieldNotes id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

export function CheckboxField(props: {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={props.name}
        value="true"
        checked={props.checked}
        onChange={(event) => props.onChange?.(event.target.checked)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(props.error)}
        </p>
      )}
    </div>
  );
}

/** An error or a success message above a form. */
export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
