import { LIMITS } from '@hora/core/config';
import { useRef, useState } from 'react';
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

export type RecoverPasswordAnswer =
  | { requested: true; email: string }
  | { errors: FormErrors; email: string };

/**
 * Password recovery (spec part 1 §4): idle → in progress → requested, keeping the email; "not your
 * email?" goes back to the form with it filled in. After a failed submit the button stays disabled
 * until the email changes (spec part 2 §5.2).
 */
export function RecoverPasswordPage({ answer }: { answer: RecoverPasswordAnswer | undefined }) {
  const [retyped, setRetyped] = useState<RecoverPasswordAnswer | undefined>(undefined);
  const requested = answer && 'requested' in answer && retyped !== answer ? answer : undefined;
  return (
    <main className="auth-page">
      <div className="auth-card">
        {requested ? (
          <RequestedView email={requested.email} onRetype={() => setRetyped(answer)} />
        ) : (
          <RecoveryForm answer={answer} initialEmail={answer?.email ?? ''} />
        )}
      </div>
    </main>
  );
}

function RequestedView({ email, onRetype }: { email: string; onRetype: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().state === 'submitting';
  useFocusOnMount(heading, true);
  return (
    <div className="account-outcome" data-testid="recover-password-requested">
      <h1 className="auth-card__title" ref={heading} tabIndex={-1}>
        {t('account.recoverPassword.requested.title')}
      </h1>
      <p>{t('account.recoverPassword.requested.text', { email })}</p>
      <p className="account-outcome__help">{t('account.recoverPassword.requested.help')}</p>
      <Form method="post">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="button button--secondary button--block" disabled={busy}>
          {t('account.recoverPassword.requested.resend')}
        </button>
      </Form>
      <button type="button" className="account-link-button" onClick={onRetype}>
        {t('account.recoverPassword.requested.retype')}
      </button>
    </div>
  );
}

function RecoveryForm({
  answer,
  initialEmail,
}: {
  answer: RecoverPasswordAnswer | undefined;
  initialEmail: string;
}) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  const { form, defaults, values, set } = useFormValues({ email: initialEmail });
  const email = values.email;
  const { touched, touch } = useTouched();
  const failed = answer && 'errors' in answer ? answer : undefined;
  const unchangedSinceFailure = failed !== undefined && email.trim() === failed.email.trim();
  const validation = useValidation();
  const check = validation
    ? validation.validate(validation.passwordRecoverySchema, { email })
    : NOT_YET_CHECKED;
  const clientErrors = check.ok ? {} : check.errors;
  const errors = visibleFieldErrors(
    clientErrors,
    touched,
    unchangedSinceFailure ? failed?.errors.fields : undefined,
  );
  return (
    <>
      <h1 className="auth-card__title">{t('account.recoverPassword.title')}</h1>
      <p>{t('account.recoverPassword.help')}</p>
      {failed?.errors.form && unchangedSinceFailure && <Alert tone="error">{t(failed.errors.form)}</Alert>}
      <Form
        ref={form}
        method="post"
        className="form"
        noValidate
        onSubmit={(event) => blockInvalidSubmit(event, check, touch, ['email'])}
      >
        <TextField
          name="email"
          type="email"
          label={t('account.fields.email')}
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          required
          defaultValue={defaults.email}
          onChange={(event) => set('email', event.target.value)}
          onBlur={() => touch('email')}
          error={errors.email}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || unchangedSinceFailure}
        >
          {t('account.recoverPassword.submit')}
        </button>
      </Form>
      <p className="form__aside">
        <Link to="/login">{t('account.recoverPassword.backToLogin')}</Link>
      </p>
    </>
  );
}
