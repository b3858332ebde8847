import type { StripeBillingDetails, StripeJsError } from '../payouts/stripe-js.ts';
import { cardErrorCode, cardErrorKey } from './card-errors.ts';
import type { BillingDetails, CardResult } from './card-payments.tsx';

/** The billing details in Stripe's words. */
export function stripeBillingDetails(details: BillingDetails): StripeBillingDetails {
  const { address } = details;
  return {
    name: details.name,
    ...(address
      ? {
          address: {
            line1: address.line1,
            ...(address.line2 ? { line2: address.line2 } : {}),
            postal_code: address.postalCode,
            city: address.city,
            ...(address.state ? { state: address.state } : {}),
            country: address.country,
          },
        }
      : {}),
  };
}

/** A Stripe.js answer as the card result: the intent's card and status, or the error's code and text. */
export function stripeCardResult(
  intent: { status: string; payment_method: string | null } | undefined,
  error: StripeJsError | undefined,
): CardResult {
  if (intent && !error)
    return { ok: true, paymentMethodId: intent.payment_method ?? '', status: intent.status };
  return {
    ok: false,
    code: cardErrorCode(error?.code ?? error?.type, error?.decline_code),
    messageKey: cardErrorKey(error?.code, error?.decline_code, error?.type),
    ...(error?.message ? { providerMessage: error.message } : {}),
  };
}
