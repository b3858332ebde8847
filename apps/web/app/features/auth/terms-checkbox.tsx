import { CheckboxField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** "I accept the terms of use" with its link, on sign-up and on the confirm step. */
export function TermsCheckbox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <CheckboxField
      name="terms"
      checked={props.checked}
      onChange={props.onChange}
      error={props.error}
      label={
        <>
          {t('auth.signup.termsBefore')}{' '}
          <Link to="/terms-of-service" target="_blank">
            {t('auth.signup.termsLink')}
          </Link>
        </>
      }
    />
  );
}
