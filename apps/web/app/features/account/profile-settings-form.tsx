import { LIMITS } from '@hora/core/config';
import type { SessionUser } from '@hora/core/session';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert, TextAreaField, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { useValidation } from '../forms/use-validation.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { visibleFieldErrors } from './field-errors.ts';
import {
  isProfileSaveDisabled,
  type ProfileValues,
  profileErrors,
  profileValuesOf,
  sameProfileValues,
} from './profile-form.ts';
import { useFormValues } from './use-form-values.ts';
import { useTouched } from './use-touched.ts';

export type ProfileSettingsAnswer = { saved: true } | { errors: FormErrors };

/** /profile-settings: the picture, names, bio and social handles others see on the profile page. */
export function ProfileSettingsForm({
  user,
  answer,
}: {
  user: SessionUser;
  answer: ProfileSettingsAnswer | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const { form, defaults, values, set } = useFormValues<ProfileValues>(profileValuesOf(user));
  const [lastSubmitted, setLastSubmitted] = useState<ProfileValues | null>(null);
  const [uploading, setUploading] = useState(false);
  const { touched, touch } = useTouched();
  const initial = profileValuesOf(user);
  const serverErrors = answer && 'errors' in answer ? answer.errors : undefined;
  const validation = useValidation();
  const errors = visibleFieldErrors(profileErrors(values, validation), touched, serverErrors?.fields);
  const disabled = isProfileSaveDisabled({ values, initial, lastSubmitted, uploading, saving, validation });
  // Shown until the person edits again (without JavaScript there is no "last submitted" to compare).
  const saved =
    answer && 'saved' in answer && (lastSubmitted === null || sameProfileValues(values, lastSubmitted));

  const field = (name: keyof ProfileValues) => ({
    name,
    defaultValue: defaults[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    onBlur: () => touch(name),
    error: errors[name],
  });

  return (
    <main className="account-page account-page--narrow">
      <div className="account-page__header">
        <h1 className="account-page__title">{t('account.profileSettings.title')}</h1>
        <Link to={`/u/${user.id}`} className="button button--secondary">
          {t('account.profileSettings.viewProfile')}
        </Link>
      </div>

      <section className="account-section" aria-labelledby="avatar-heading">
        <h2 id="avatar-heading" className="account-section__title">
          {t('account.profileSettings.avatar.title')}
        </h2>
        <AvatarUpload avatar={user.avatar} initials={user.abbreviatedName} onUploadingChange={setUploading} />
      </section>

      <Form
        ref={form}
        method="post"
        className="form account-section"
        noValidate
        aria-labelledby="profile-details-heading"
        onSubmit={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          setLastSubmitted(values);
        }}
      >
        <h2 id="profile-details-heading" className="account-section__title">
          {t('account.profileSettings.details.title')}
        </h2>
        <div className="form__row">
          <TextField
            {...field('firstName')}
            label={t('account.fields.firstName')}
            autoComplete="given-name"
            maxLength={LIMITS.nameMax}
            required
          />
          <TextField
            {...field('lastName')}
            label={t('account.fields.lastName')}
            autoComplete="family-name"
            maxLength={LIMITS.nameMax}
            required
          />
        </div>
        <TextAreaField
          name="bio"
          label={t('account.fields.bio')}
          defaultValue={defaults.bio}
          maxLength={LIMITS.textAreaMax}
          rows={6}
          error={errors.bio}
          onChange={(event) => set('bio', event.target.value)}
        />
        <p className="field__hint account-hint--tight">{t('account.profileSettings.bioHint')}</p>
        <div className="form__row">
          <TextField
            {...field('instagram')}
            label={t('account.fields.instagram')}
            placeholder={t('account.profileSettings.handlePlaceholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={200}
          />
          <TextField
            {...field('tiktok')}
            label={t('account.fields.tiktok')}
            placeholder={t('account.profileSettings.handlePlaceholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={200}
          />
        </div>
        {serverErrors?.form && <Alert tone="error">{t('account.profileSettings.saveFailed')}</Alert>}
        <div aria-live="polite">
          {saved && <Alert tone="success">{t('account.profileSettings.saved')}</Alert>}
        </div>
        <button type="submit" className="button button--primary account-submit" disabled={disabled}>
          {saving ? t('account.saving') : t('account.save')}
        </button>
      </Form>
    </main>
  );
}
