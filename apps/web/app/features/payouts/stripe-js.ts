/** An error as Stripe.js reports it. */
export interface StripeJsError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The card element of Stripe.js Elements (card number, expiry, CVC and postal code in Stripe's frames). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  unmount(): void;
  destroy(): void;
  update(options: { value?: { postalCode?: string }; disabled?: boolean }): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: StripeJsError }) => void): void;
}

export interface StripeElements {
  create(
    type: 'card',
    options?: {
      value?: { postalCode?: string };
      hidePostalCode?: boolean;
      disabled?: boolean;
      style?: Record<string, unknown>;
    },
  ): StripeCardElement;
}

export interface StripeBillingDetails {
  name: string;
  address?: {
    line1: string;
    line2?: string;
    postal_code: string;
    city: string;
    state?: string;
    country: string;
  };
}

type ConfirmMethod = string | { card: StripeCardElement; billing_details: StripeBillingDetails };

/**
 * What the app uses of Stripe.js (spec part 2 §7, browser library): bank-account tokens for the
 * payout form; the card element and the confirmation of payment and setup intents for card payments.
 */
export interface StripeBrowser {
  createToken(
    type: 'bank_account',
    params: Record<string, string>,
  ): Promise<{ token?: { id: string; bank_account?: { last4?: string } }; error?: { message?: string } }>;
  elements(options?: { locale?: string }): StripeElements;
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: ConfirmMethod; setup_future_usage?: 'off_session' },
  ): Promise<{ paymentIntent?: { status: string; payment_method: string | null }; error?: StripeJsError }>;
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: ConfirmMethod },
  ): Promise<{ setupIntent?: { status: string; payment_method: string | null }; error?: StripeJsError }>;
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
 * Loads Stripe.js once, on the pages that use it (bank tokens; the card element on checkout and
 * the payment methods page): null when it cannot load (a blocker, no network), and the next call
 * tries again.
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
