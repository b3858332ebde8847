import { LIMITS, MARKETPLACE } from '@hora/core/config';
import { pathByRouteName } from '@hora/core/search';
import { Form, useNavigation } from 'react-router';
import { Alert, TextField } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiErrorKey } from '../forms/api-error-key.ts';
import type { AccountDeletionAnswer, OpenBooking } from './account-deletion-api.ts';

const EFFECTS = ['personal', 'listings', 'card', 'history', 'email'] as const;

/**
 * "Delete my account" of account settings (decision 0047): what deletion does, the bookings that
 * keep it from happening now, and a plain POST form asking for the current password.
 */
export function AccountDeletionPage(props: {
  openBookings: readonly OpenBooking[];
  answer: AccountDeletionAnswer | undefined;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const blocking = props.answer?.openBookings ?? props.openBookings;
  const errors = props.answer?.errors;
  const blockedNow = errors?.form === apiErrorKey('account-deletion-blocked');

  return (
    <section className="account-panel account-deletion" aria-labelledby="account-deletion-title">
      <h1 id="account-deletion-title" className="account-page__title">
        {t('accountDeletion.title')}
      </h1>
      <p className="account-panel__intro">{t('accountDeletion.intro')}</p>
      <ul className="account-deletion__effects">
        {EFFECTS.map((effect) => (
          <li key={effect}>{t(`accountDeletion.effects.${effect}`)}</li>
        ))}
      </ul>

      {blocking.length > 0 ? (
        <BlockingBookings bookings={blocking} />
      ) : (
        <Form method="post" className="form" aria-describedby="account-deletion-help">
          <fieldset className="account-confirm">
            <legend>{t('accountDeletion.confirm.legend')}</legend>
            <p id="account-deletion-help" className="account-confirm__help">
              {t('accountDeletion.confirm.help')}
            </p>
            <TextField
              name="currentPassword"
              type="password"
              label={t('account.fields.currentPassword')}
              autoComplete="current-password"
              maxLength={LIMITS.passwordMax}
              required
              error={errors?.fields.currentPassword}
            />
            <p className="account-confirm__aside">
              <Link to="/recover-password">{t('account.fields.forgotPassword')}</Link>{' '}
              <span className="account-deletion__no-password">{t('accountDeletion.confirm.noPassword')}</span>
            </p>
          </fieldset>
          {errors?.form && !blockedNow && <Alert tone="error">{t(errors.form)}</Alert>}
          <button type="submit" className="button account-deletion__submit" disabled={busy}>
            {busy ? t('accountDeletion.submitting') : t('accountDeletion.submit')}
          </button>
        </Form>
      )}
    </section>
  );
}

function BlockingBookings({ bookings }: { bookings: readonly OpenBooking[] }) {
  const { t, locale } = useI18n();
  const when = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: MARKETPLACE.timeZone,
  });
  return (
    <div className="account-deletion__blocked" role="alert" data-testid="deletion-blocked">
      <h2 className="account-deletion__blocked-title">{t('accountDeletion.blocked.title')}</h2>
      <p>{t('accountDeletion.blocked.text')}</p>
      <ul className="account-deletion__bookings">
        {bookings.map((booking) => (
          <li key={booking.id} className="account-deletion__booking">
            <strong>{booking.listingTitle || t('accountDeletion.blocked.deletedListing')}</strong>
            <span>
              {t(
                booking.role === 'customer'
                  ? 'accountDeletion.blocked.asCustomer'
                  : 'accountDeletion.blocked.asProvider',
              )}
              {' · '}
              {t(`accountDeletion.blocked.state.${booking.state}`)}
              {booking.bookingStart ? ` · ${when.format(new Date(booking.bookingStart))}` : ''}
            </span>
            <Link
              to={pathByRouteName(booking.role === 'customer' ? 'OrderDetailsPage' : 'SaleDetailsPage', {
                id: booking.id,
              })}
            >
              {t('accountDeletion.blocked.open')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
