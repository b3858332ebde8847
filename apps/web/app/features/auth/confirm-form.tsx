import { LIMITS } from '@hora/core/config';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { TextField } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { useRootData } from '../shell/use-root-data.ts';
import { ReturnFields } from './return-fields.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

/** After Google or Facebook: confirm the details the provider gave, and accept the terms. */
export function ConfirmForm({ returnTo, errors }: { returnTo: string; errors: FormErrors | undefined }) {
  const t = useT();
  const { viewer } = useRootData();
  const busy = useNavigation().state === 'submitting';
  const [termsAccepted, setTermsAccepted] = useState(false);
  const fields = errors?.fields ?? {};
  return (
    <Form method="post" className="form" noValidate>
      <p>{t('auth.confirm.intro')}</p>
      <input type="hidden" name="intent" value="confirm" />
      <ReturnFields returnTo={returnTo} />
      <TextField
        name="email"
        type="email"
        label={t('auth.fields.email')}
        defaultValue={viewer?.email}
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        required
        error={fields.email}
      />
      <div className="form__row">
        <TextField
          name="firstName"
          label={t('auth.fields.firstName')}
          defaultValue={viewer?.firstName}
          autoComplete="given-name"
          maxLength={LIMITS.nameMax}
          required
          error={fields.firstName}
        />
        <TextField
          name="lastName"
          label={t('auth.fields.lastName')}
          defaultValue={viewer?.lastName}
          autoComplete="family-name"
          maxLength={LIMITS.nameMax}
          required
          error={fields.lastName}
        />
      </div>
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} error={fields.termsAccepted} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || !termsAccepted}
      >
        {t('auth.confirm.submit')}
      </button>
    </Form>
  );
}
