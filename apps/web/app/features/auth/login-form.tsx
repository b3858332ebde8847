import { LIMITS } from '@hora/core/config';
import { Form, useNavigation } from 'react-router';
import { TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { ReturnFields } from './return-fields.tsx';

export function LoginForm({ returnTo, errors }: { returnTo: string; errors: FormErrors | undefined }) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="form" noValidate>
      <input type="hidden" name="intent" value="login" />
      <ReturnFields returnTo={returnTo} />
      <TextField
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        required
        error={errors?.fields.email}
      />
      <TextField
        name="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        required
        error={errors?.fields.password}
      />
      <p className="form__aside">
        <Link to="/recover-password">{t('auth.login.forgotPassword')}</Link>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {t('auth.login.submit')}
      </button>
    </Form>
  );
}
