/**
 * Card errors as the customer reads them (spec part 2 §8.2, card validation codes): Stripe's code,
 * or its decline code when that says more (`insufficient_funds`), mapped to a text of the
 * `payments` namespace. Both providers report the same codes: the sandbox answers with Stripe's.
 */
export const CARD_ERROR_CODES = [
  'card_declined',
  'expired_card',
  'incomplete_number',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_month_past',
  'invalid_expiry_year',
  'invalid_number',
  'invalid_swipe_data',
  'missing',
  'processing_error',
  'insufficient_funds',
  'authentication_failure',
  // What Stripe's card element says while the fields are being typed.
  'incomplete_cvc',
  'incomplete_expiry',
  'incomplete_zip',
  'invalid_expiry_year_past',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** Stripe's error types (the spec's "card provider error types"), for a code we have no text of. */
export const CARD_ERROR_TYPES = [
  'api_connection_error',
  'api_error',
  'authentication_error',
  'card_error',
  'invalid_request_error',
  'rate_limit_error',
] as const;

const AUTHENTICATION_FAILURES = new Set([
  'payment_intent_authentication_failure',
  'setup_intent_authentication_failure',
  'authentication_failed',
]);

function isCardErrorCode(code: string): code is CardErrorCode {
  return (CARD_ERROR_CODES as readonly string[]).includes(code);
}

/** The code a card error is known by here: the decline code when we have a text for it. */
export function cardErrorCode(code: string | undefined, declineCode?: string | null): string {
  if (declineCode && isCardErrorCode(declineCode)) return declineCode;
  if (code && AUTHENTICATION_FAILURES.has(code)) return 'authentication_failure';
  return code ?? 'processing_error';
}

/** The message key of a card error (`payments.cardErrors.card_declined`), by code, then type. */
export function cardErrorKey(code: string | undefined, declineCode?: string | null, type?: string): string {
  const known = code || declineCode ? cardErrorCode(code, declineCode) : undefined;
  if (known && isCardErrorCode(known)) return `payments.cardErrors.${known}`;
  if (type && (CARD_ERROR_TYPES as readonly string[]).includes(type))
    return `payments.cardErrorTypes.${type}`;
  return 'payments.cardErrors.generic';
}
