import {
  apiErrorsOf,
  isAmountTooLowError,
  isBookingTimeNotAvailableError,
  isListingNotFoundError,
  isMissingStripeAccountError,
  isProviderAccountDisabledError,
  paymentFailureMessages,
} from '@hora/core/errors';

/**
 * The checkout's messages of spec part 2 §8.2, one key each under `checkout.errors.*`:
 * what stops a booking before payment (the speculative transaction, the booking request) and what
 * the payment step answers.
 */
export type CheckoutError =
  | 'bookingTimeNotAvailable'
  | 'providerPayoutMissing'
  | 'listingNotActive'
  | 'speculateFailed'
  | 'amountTooLow'
  | 'ownListing'
  | 'tooManyUnpaid'
  | 'paymentRequestFailed'
  | 'missingPublishableKey'
  | 'paymentExpired'
  | 'network';

/** What the engine answers for a customer booking their own listing (403, or its own 409 code). */
function isOwnListingError(error: unknown): boolean {
  return apiErrorsOf(error).some((e) => e.status === 403 || e.code === 'transaction-own-listing');
}

/** A refused speculative transaction (the checkout page's loader). */
export function speculateErrorOf(body: unknown): CheckoutError {
  return requestErrorOf(body) ?? 'speculateFailed';
}

/** A refused booking request (`POST /api/transactions`). */
export function initiateErrorOf(body: unknown): CheckoutError {
  return requestErrorOf(body) ?? 'paymentRequestFailed';
}

function requestErrorOf(body: unknown): CheckoutError | null {
  if (isBookingTimeNotAvailableError(body)) return 'bookingTimeNotAvailable';
  if (isMissingStripeAccountError(body) || isProviderAccountDisabledError(body))
    return 'providerPayoutMissing';
  if (isListingNotFoundError(body)) return 'listingNotActive';
  if (isAmountTooLowError(body)) return 'amountTooLow';
  if (isOwnListingError(body)) return 'ownListing';
  if (apiErrorsOf(body).some((e) => e.code === 'transaction-too-many-unpaid')) return 'tooManyUnpaid';
  return null;
}

/** The card processor's own words of a 402 payment failure, when it gave some. */
export function processorMessageOf(body: unknown): string | null {
  return paymentFailureMessages(body)[0] ?? null;
}
