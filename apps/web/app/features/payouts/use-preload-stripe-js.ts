import type { PayoutProviderView } from '@hora/core/payouts';
import { useEffect } from 'react';
import { loadStripeJs } from './stripe-js.ts';

/** Stripe.js loads on the payout pages only, and only when Stripe makes the bank tokens. */
export function usePreloadStripeJs(provider: PayoutProviderView | undefined) {
  useEffect(() => {
    if (provider?.kind === 'stripe') void loadStripeJs(provider.publishableKey);
  }, [provider]);
}
