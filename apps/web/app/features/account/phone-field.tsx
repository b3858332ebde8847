import { LIMITS } from '@hora/core/config';
import { TextField } from '../../components/ui/form.tsx';
import { applyPhoneEdit } from './phone-number.ts';

/**
 * The phone input of spec part 2 §5.2: the digits are grouped as the person types, and the caret
 * stays after the digit they just typed rather than jumping to the end. The input is uncontrolled;
 * the formatted text is written to it here and reported with `onChange`.
 */
export function PhoneField(props: {
  name: string;
  label: string;
  defaultValue: string;
  /** The text the input holds now (as last reported), to tell what a keystroke changed. */
  current: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      name={props.name}
      label={props.label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={LIMITS.phoneInputMax}
      defaultValue={props.defaultValue}
      error={props.error}
      hint={props.hint}
      onChange={(event) => {
        const target = event.target;
        const edit = applyPhoneEdit(
          props.current,
          target.value,
          target.selectionStart ?? target.value.length,
        );
        target.value = edit.value;
        target.setSelectionRange(edit.caret, edit.caret);
        props.onChange(edit.value);
      }}
    />
  );
}
