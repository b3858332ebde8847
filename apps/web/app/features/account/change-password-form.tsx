import { LIMITS, TIMINGS_MS } from '@hora/core/config';
import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { visibleFieldErrors } from './field-errors.ts';
import { useFormValues } from './use-form-values.ts';
import { blockInvalidSubmit, useTouched } from './use-touched.ts';

export type ChangePasswordAnswer = { changed: true } | { errors: FormErrors };

const EMPTY = { currentPassword: '', newPassword: '' };
const FIELD_ORDER = ['newPassword', 'currentPassword'];

/**
 * Password change (spec part 1 §4): idle, in progress, changed or error; the form empties 800 ms
 * after the change, and "password changed" stays until the person types again.
 */
export function ChangePasswordForm({ answer }: { answer: ChangePasswordAnswer | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const { form, values, set, replace } = useFormValues(EMPTY);
  const [changedVisible, setChangedVisible] = useState(false);
  const { touched, touch, edited, edit, submitted, reset } = useTouched();
  const validation = useValidation();
  const check = validation ? validation.validate(validation.passwordChangeSchema, values) : NOT_YET_CHECKED;
  const serverErrors = answer && 'errors' in answer ? answer.errors : undefined;
  const errors = visibleFieldErrors(check.ok ? {} : check.errors, touched, serverErrors?.fields, edited);

  useEffect(() => {
    if (!answer || !('changed' in answer)) return;
    setChangedVisible(true);
    const timer = window.setTimeout(() => {
      replace(EMPTY);
      reset();
    }, TIMINGS_MS.passwordChangeReset);
    return () => window.clearTimeout(timer);
  }, [answer, replace, reset]);

  const change = (name: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(name, event.target.value);
    setChangedVisible(false);
    edit(name);
  };

  return (
    <section className="account-panel" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="account-page__title">
        {t('account.changePassword.title')}
      </h1>
      <p className="account-panel__intro">{t('account.changePassword.help')}</p>
      <Form
        ref={form}
        method="post"
        className="form"
        noValidate
        onSubmit={(event) => {
          if (!blockInvalidSubmit(event, check, touch, FIELD_ORDER)) submitted();
        }}
      >
        <TextField
          name="newPassword"
          type="password"
          label={t('account.fields.newPassword')}
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          required
          onChange={change('newPassword')}
          onBlur={() => touch('newPassword')}
          hint={t('account.fields.passwordHint')}
          error={errors.newPassword}
        />
        <TextField
          name="currentPassword"
          type="password"
          label={t('account.fields.currentPassword')}
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          required
          onChange={change('currentPassword')}
          onBlur={() => touch('currentPassword')}
          error={errors.currentPassword}
        />
        <p className="form__aside">
          <Link to="/recover-password">{t('account.fields.forgotPassword')}</Link>
        </p>
        {serverErrors?.form && <Alert tone="error">{t(serverErrors.form)}</Alert>}
        <div aria-live="polite">
          {changedVisible && answer && 'changed' in answer && (
            <Alert tone="success">{t('account.changePassword.changed')}</Alert>
          )}
        </div>
        <button type="submit" className="button button--primary account-submit" disabled={busy}>
          {busy ? t('account.saving') : t('account.changePassword.submit')}
        </button>
      </Form>
    </section>
  );
}
