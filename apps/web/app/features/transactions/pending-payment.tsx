import { pathByRouteName } from '@hora/core/search';
import type { TransactionView } from '@hora/core/transactions';
import { useEffect, useState } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** Whole minutes left, rounded up (1 second left is still "1 minute"); 0 once the window closed. */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000));
}

/**
 * The customer's payment window (15 minutes from the request): the time left on the server's
 * clock when the page was made, counted down in the browser, and the way back to checkout.
 */
export function PendingPayment(props: { transaction: TransactionView; serverNow: string }) {
  const t = useT();
  const { transaction } = props;
  const expiresAt = transaction.payment.expiresAt;
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = performance.now();
    const timer = setInterval(() => setElapsed(performance.now() - started), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return null;
  const left = minutesLeft(expiresAt, new Date(props.serverNow).getTime() + elapsed);
  const checkout = pathByRouteName('CheckoutPage', {
    slug: transaction.listing.slug,
    id: transaction.listing.id,
  });
  return (
    <section className="transaction-notice" aria-live="polite">
      <p>
        {left > 0
          ? t('transactions.payment.timeLeft', { minutes: left })
          : t('transactions.payment.windowClosed')}
      </p>
      {left > 0 && !transaction.listing.deleted ? (
        <Link className="button button--primary" to={checkout}>
          {t('transactions.payment.backToCheckout')}
        </Link>
      ) : null}
    </section>
  );
}
