/** What the payout form uses of Stripe.js: bank-account tokens (spec part 2 §7, browser library). */
export interface StripeBrowser {
  createToken(
    type: 'bank_account',
    params: Record<string, string>,
  ): Promise<{ token?: { id: string; bank_account?: { last4?: string } }; error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeBrowser;
  }
}

/** Stripe.js must come from Stripe's own origin (it may not be bundled); the policy allows it. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeBrowser | null> | null = null;

/**
 * Loads Stripe.js once, on the pages that make bank tokens with it: null when it cannot load (a
 * blocker, no network), and the next call tries again.
 */
export function loadStripeJs(publishableKey: string): Promise<StripeBrowser | null> {
  loading ??= new Promise((resolve) => {
    if (window.Stripe) {
      resolve(window.Stripe(publishableKey));
      return;
    }
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => resolve(window.Stripe ? window.Stripe(publishableKey) : null);
    script.onerror = () => {
      script.remove();
      loading = null;
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}
