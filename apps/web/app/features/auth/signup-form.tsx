import { LIMITS } from '@hora/core/config';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { type CaptchaConfig, CaptchaField } from '../captcha/captcha-field.tsx';
import { apiErrorKey } from '../forms/api-error-key.ts';
import type { FormErrors } from '../forms/api-errors.ts';
import { ReturnFields } from './return-fields.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

/** Spec part 2 §5.2: submit stays disabled until the captcha is solved and the terms accepted. */
export function SignupForm(props: {
  returnTo: string;
  errors: FormErrors | undefined;
  captcha: CaptchaConfig;
  referralCode: string;
}) {
  const { t, locale } = useI18n();
  const busy = useNavigation().state === 'submitting';
  const [solved, setSolved] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const errors = props.errors?.fields ?? {};
  return (
    <Form method="post" className="form" noValidate>
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="locale" value={locale} />
      <ReturnFields returnTo={props.returnTo} />
      <TextField
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        required
        error={errors.email}
      />
      {errors.email === apiErrorKey('email-taken') && (
        <p className="form__aside">
          <Link to="/login">{t('auth.signup.goToLogin')}</Link>
        </p>
      )}
      <div className="form__row">
        <TextField
          name="firstName"
          label={t('auth.fields.firstName')}
          autoComplete="given-name"
          maxLength={LIMITS.nameMax}
          required
          error={errors.firstName}
        />
        <TextField
          name="lastName"
          label={t('auth.fields.lastName')}
          autoComplete="family-name"
          maxLength={LIMITS.nameMax}
          required
          error={errors.lastName}
        />
      </div>
      <TextField
        name="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete="new-password"
        minLength={8}
        maxLength={256}
        required
        hint={t('auth.signup.passwordHint')}
        error={errors.password}
      />
      <TextField
        name="referralCode"
        label={t('auth.fields.referralCode')}
        defaultValue={props.referralCode}
        autoComplete="off"
        error={errors.referralCode}
      />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} error={errors.termsAccepted} />
      <CaptchaField name="captcha" config={props.captcha} onSolvedChange={setSolved} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || !solved || !termsAccepted}
      >
        {t('auth.signup.submit')}
      </button>
    </Form>
  );
}
