import { Alert } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The foot of every tab form: the API's error about the whole form, then the one button that
 * saves (and moves on or publishes, as the wizard decides).
 */
export function TabActions(props: {
  submitLabel: string;
  /** The id of the form it submits, when it sits outside it. */
  form?: string;
  saving: boolean;
  disabled?: boolean;
  /** Message key of an error about the whole form. */
  error?: string | undefined;
  /** Why the button is disabled, when that is not obvious (an empty weekly plan). */
  disabledHint?: string | undefined;
}) {
  const t = useT();
  return (
    <div className="wizard-actions">
      {props.error && <Alert tone="error">{t(props.error)}</Alert>}
      {props.disabledHint && <p className="field__hint">{props.disabledHint}</p>}
      <button
        type="submit"
        form={props.form}
        className="button button--primary wizard-actions__submit"
        disabled={props.disabled || props.saving}
        aria-busy={props.saving || undefined}
      >
        {props.saving ? t('listings.submit.saving') : props.submitLabel}
      </button>
    </div>
  );
}
