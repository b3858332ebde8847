import { useState } from 'react';
import { payoutApi } from './payout-api.ts';
import type { LocalizedError } from './payout-form.ts';

/**
 * Sends the host to the provider's hosted onboarding (Stripe's pages, or the sandbox's), asking
 * for a fresh single-use link; it comes back to `returnPath`'s return pages.
 */
export function useAccountLink(
  returnPath: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LocalizedError | undefined>();
  async function go(type: 'account_onboarding' | 'account_update') {
    setBusy(true);
    setError(undefined);
    const link = await payoutApi.accountLink({ type, returnPath });
    if (link.ok) {
      navigate(link.data.url);
      return;
    }
    setBusy(false);
    // Spec part 2 §8.2: the link failure has its own message.
    setError(link.error.code === 'unauthorized' ? link.error.form : { key: 'payouts.errors.accountLink' });
  }
  return { go, busy, error };
}
