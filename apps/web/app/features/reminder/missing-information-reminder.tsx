import type { Reminder } from '@hora/core/user';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ResendVerification } from '../account/resend-verification.tsx';
import { useRootData } from '../shell/use-root-data.ts';
import { parseSeen, reminderToShow, SEEN_STORAGE_KEY } from './reminder-state.ts';

/**
 * Spec part 1 §4: asks a host or customer to verify their email, or a host to add payout details.
 * It shows on every page (not on the pages where that is fixed) until the person closes it.
 */
export function MissingInformationReminder() {
  const t = useT();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  // Read after hydration: the server never renders it, so both sides agree on the first paint.
  const [seen, setSeen] = useState<Set<Reminder> | null>(null);
  useEffect(() => setSeen(parseSeen(window.sessionStorage.getItem(SEEN_STORAGE_KEY))), []);
  if (!seen) return null;
  const reminder = reminderToShow(viewer, pathname, seen);
  if (!reminder || !viewer) return null;

  const close = () => {
    const next = new Set(seen).add(reminder);
    window.sessionStorage.setItem(SEEN_STORAGE_KEY, JSON.stringify([...next]));
    setSeen(next);
  };
  return (
    <Modal
      title={t(reminder === 'EMAIL_VERIFICATION' ? 'reminder.email.title' : 'reminder.payout.title')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="missing-information-reminder"
    >
      {reminder === 'EMAIL_VERIFICATION' ? (
        <div className="reminder">
          <p>{t('reminder.email.text', { email: viewer.pendingEmail ?? viewer.email })}</p>
          <ResendVerification action="/verify-email" />
        </div>
      ) : (
        <div className="reminder">
          <p>{t('reminder.payout.text')}</p>
          <Link to="/account/payments" className="button button--primary" onClick={close}>
            {t('reminder.payout.link')}
          </Link>
        </div>
      )}
    </Modal>
  );
}
