import { LIMITS, TIMINGS_MS } from '@hora/core/config';
import type { SessionUser } from '@hora/core/session';
import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { NOT_YET_CHECKED, useValidation } from '../forms/use-validation.ts';
import { INTENT } from './account-actions.ts';
import { visibleFieldErrors } from './field-errors.ts';
import { PhoneField } from './phone-field.tsx';
import { formatPhoneNumber, parsePhoneNumber } from './phone-number.ts';
import { ResendVerification } from './resend-verification.tsx';
import { useFormValues } from './use-form-values.ts';
import { blockInvalidSubmit, useTouched } from './use-touched.ts';

export const UPDATE_CONTACT_DETAILS = 'update';

export type ContactDetailsAnswer = { saved: true } | { errors: FormErrors };

const FIELD_ORDER = ['email', 'phoneNumber', 'currentPassword'];

function contactValuesOf(user: SessionUser) {
  return { email: user.email, phoneNumber: formatPhoneNumber(user.phoneNumber ?? ''), currentPassword: '' };
}

/**
 * Email and phone (spec part 1 §2, part 2 §5.2). Changing the email asks for the current password
 * (the confirm-changes section appears only then); the new address stays pending until the link
 * sent to it is opened.
 */
export function ContactDetailsForm({
  user,
  answer,
}: {
  user: SessionUser;
  answer: ContactDetailsAnswer | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const { form, defaults, values, set, replace } = useFormValues(contactValuesOf(user));
  const { email, phoneNumber: phone, currentPassword } = values;
  const { touched, touch, edited, edit, submitted, reset } = useTouched();

  // After a save the form shows what is stored (a new email is pending, not yet the email). The
  // answer arrives before the session is read again: wait for that, so the stored values are new.
  const [handledAnswer, setHandledAnswer] = useState(answer);
  useEffect(() => {
    if (answer === handledAnswer || navigation.state !== 'idle') return;
    setHandledAnswer(answer);
    if (answer && 'saved' in answer) {
      replace(contactValuesOf(user));
      reset();
    }
  }, [answer, handledAnswer, navigation.state, replace, reset, user]);

  const validation = useValidation();
  const confirming = differsFrom(email, user.email);
  const phoneChanged = parsePhoneNumber(phone) !== (user.phoneNumber ?? '');
  const check = validation
    ? validation.validate(validation.contactDetailsSchema({ currentEmail: user.email }), {
        email,
        phoneNumber: phone,
        currentPassword: confirming ? currentPassword : undefined,
      })
    : NOT_YET_CHECKED;
  const serverErrors = answer && 'errors' in answer ? answer.errors : undefined;
  const errors = visibleFieldErrors(check.ok ? {} : check.errors, touched, serverErrors?.fields, edited);
  const saved = answer && 'saved' in answer && !confirming && !phoneChanged;

  return (
    <section className="account-panel" aria-labelledby="contact-details-title">
      <h1 id="contact-details-title" className="account-page__title">
        {t('account.contactDetails.title')}
      </h1>
      <EmailStatus user={user} />
      <Form
        ref={form}
        method="post"
        className="form"
        noValidate
        onSubmit={(event) => {
          if (!blockInvalidSubmit(event, check, touch, FIELD_ORDER)) submitted();
        }}
      >
        <input type="hidden" name={INTENT} value={UPDATE_CONTACT_DETAILS} />
        <TextField
          name="email"
          type="email"
          label={t('account.fields.email')}
          autoComplete="email"
          maxLength={LIMITS.emailMax}
          required
          defaultValue={defaults.email}
          onChange={(event) => {
            set('email', event.target.value);
            edit('email');
            // The password field goes with the confirm-changes section; so does what was typed in it.
            if (!differsFrom(event.target.value, user.email)) set('currentPassword', '');
          }}
          onBlur={() => touch('email')}
          error={errors.email}
        />
        <PhoneField
          name="phoneNumber"
          label={t('account.fields.phoneNumber')}
          hint={t('account.contactDetails.phoneHint')}
          defaultValue={defaults.phoneNumber}
          current={phone}
          onChange={(value) => {
            set('phoneNumber', value);
            edit('phoneNumber');
          }}
          error={errors.phoneNumber}
        />
        {confirming && (
          <fieldset className="account-confirm" data-testid="confirm-changes">
            <legend className="account-section__title">{t('account.contactDetails.confirm.title')}</legend>
            <p className="account-confirm__help">{t('account.contactDetails.confirm.help')}</p>
            <TextField
              name="currentPassword"
              type="password"
              label={t('account.fields.currentPassword')}
              autoComplete="current-password"
              required
              onChange={(event) => {
                set('currentPassword', event.target.value);
                edit('currentPassword');
              }}
              onBlur={() => touch('currentPassword')}
              error={errors.currentPassword}
            />
            <p className="form__aside account-confirm__aside">
              <Link to="/recover-password">{t('account.fields.forgotPassword')}</Link>
            </p>
          </fieldset>
        )}
        {serverErrors?.form && <Alert tone="error">{t(serverErrors.form)}</Alert>}
        <div aria-live="polite">
          {saved && <Alert tone="success">{t('account.contactDetails.saved')}</Alert>}
        </div>
        <button
          type="submit"
          className="button button--primary account-submit"
          disabled={busy || (!confirming && !phoneChanged)}
        >
          {busy ? t('account.saving') : t('account.save')}
        </button>
      </Form>
    </section>
  );
}

/** Whether the email is verified, or which new address waits for its link; with a resend button. */
function EmailStatus({ user }: { user: SessionUser }) {
  const t = useT();
  if (user.emailVerified && !user.pendingEmail) return null;
  return (
    <div className="account-email-status" data-testid="email-status">
      <p>
        {user.pendingEmail
          ? t('account.contactDetails.pendingEmail', { pendingEmail: user.pendingEmail, email: user.email })
          : t('account.contactDetails.unverifiedEmail', { email: user.email })}
      </p>
      <ResendVerification sentMessageMs={TIMINGS_MS.verificationSentMessage} />
    </div>
  );
}

/** Whether the email differs from the saved one (case and spaces aside): the confirm section shows. */
function differsFrom(email: string, saved: string): boolean {
  return email.trim().toLowerCase() !== saved.trim().toLowerCase();
}
