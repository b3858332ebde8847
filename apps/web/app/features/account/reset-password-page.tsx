import { LIMITS } from '@hora/core/config';
import { useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { visibleFieldErrors } from './field-errors.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { useFormValues } from './use-form-values.ts';
import { blockInvalidSubmit, useTouched } from './use-touched.ts';

export type ResetPasswordAnswer = { reset: true } | { errors: FormErrors };

const INVALID_TOKEN = 'errors.link.invalid';

/**
 * Password reset (spec part 1 §2): a new password for the emailed link's token, then "password
 * changed" with a log-in button. A missing or spent token is a broken link pointing to recovery.
 */
export function ResetPasswordPage({
  token,
  answer,
}: {
  token: string | null;
  answer: ResetPasswordAnswer | undefined;
}) {
  const failed = answer && 'errors' in answer ? answer.errors : undefined;
  const brokenLink = token === null || failed?.form === INVALID_TOKEN;
  return (
    <main className="auth-page">
      <div className="auth-card">
        {brokenLink ? (
          <BrokenLink />
        ) : answer && 'reset' in answer ? (
          <PasswordChanged />
        ) : (
          <ResetForm token={token} errors={failed} />
        )}
      </div>
    </main>
  );
}

function BrokenLink() {
  const t = useT();
  return (
    <div className="account-outcome" data-testid="reset-password-broken-link">
      <h1 className="auth-card__title">{t('account.resetPassword.brokenLink.title')}</h1>
      <p>{t('account.resetPassword.brokenLink.text')}</p>
      <Link to="/recover-password" className="button button--primary button--block">
        {t('account.resetPassword.brokenLink.recoverLink')}
      </Link>
    </div>
  );
}

function PasswordChanged() {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading, true);
  return (
    <div className="account-outcome" data-testid="reset-password-done">
      <h1 className="auth-card__title" ref={heading} tabIndex={-1}>
        {t('account.resetPassword.done.title')}
      </h1>
      <p>{t('account.resetPassword.done.text')}</p>
      <Link to="/login" className="button button--primary button--block">
        {t('account.resetPassword.done.loginLink')}
      </Link>
    </div>
  );
}

function ResetForm({ token, errors }: { token: string; errors: FormErrors | undefined }) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  const { form, values, set } = useFormValues({ newPassword: '' });
  const { touched, touch } = useTouched();
  const validation = useValidation();
  const check = validation
    ? validation.validate(validation.passwordResetSchema.shape.newPassword, values.newPassword)
    : NOT_YET_CHECKED;
  const clientErrors: Record<string, string> = check.ok
    ? {}
    : { newPassword: Object.values(check.errors)[0]! };
  const fieldErrors = visibleFieldErrors(clientErrors, touched, errors?.fields);
  return (
    <>
      <h1 className="auth-card__title">{t('account.resetPassword.title')}</h1>
      <p>{t('account.resetPassword.help')}</p>
      {/* Whatever else went wrong, the spec's one message: "Reset failed. Please try again." */}
      {errors?.form && <Alert tone="error">{t('account.resetPassword.failed')}</Alert>}
      <Form
        ref={form}
        method="post"
        className="form"
        noValidate
        onSubmit={(event) =>
          blockInvalidSubmit(event, { ok: check.ok, errors: clientErrors }, touch, ['newPassword'])
        }
      >
        <input type="hidden" name="token" value={token} />
        <TextField
          name="newPassword"
          type="password"
          label={t('account.fields.newPassword')}
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          required
          onChange={(event) => set('newPassword', event.target.value)}
          onBlur={() => touch('newPassword')}
          hint={t('account.fields.passwordHint')}
          error={fieldErrors.newPassword}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('account.resetPassword.submitting') : t('account.resetPassword.submit')}
        </button>
      </Form>
    </>
  );
}
