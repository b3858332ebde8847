/**
 * The API error catalogue (spec part 2 §8.1) plus the generic codes the server needs.
 * One table: the HTTP status of an error is always derived from its code, never chosen at the
 * throw site. Titles are English developer text; users see translated messages keyed by code.
 */
export const ERROR_CATALOGUE = {
  'transaction-listing-not-found': { status: 409, title: 'Listing not found' },
  'transaction-invalid-transition': { status: 409, title: 'Invalid transition' },
  'transaction-already-reviewed-by-customer': { status: 409, title: 'Already reviewed by customer' },
  'transaction-already-reviewed-by-provider': { status: 409, title: 'Already reviewed by provider' },
  'transaction-booking-time-not-available': { status: 409, title: 'Booking time not available' },
  'transaction-payment-failed': { status: 402, title: 'Payment failed' },
  'transaction-charge-zero-payin': { status: 402, title: 'Payin total is zero' },
  'transaction-charge-zero-payout': { status: 402, title: 'Payout total is zero' },
  'transaction-missing-stripe-account': { status: 409, title: 'Provider has no payout account' },
  // The booking engine (issue 11): another accept or decline of the same transaction holds its row;
  // the customer is the listing's author; an Idempotency-Key already answered a different request.
  'transaction-transition-in-progress': { status: 409, title: 'Transition already in progress' },
  'transaction-own-listing': { status: 409, title: 'Cannot book your own listing' },
  'transaction-too-many-unpaid': { status: 429, title: 'Too many bookings waiting for payment' },
  // Price negotiation (issue 12): an offer or answer the rules refuse (meta.reason says which).
  'transaction-offer-not-allowed': { status: 409, title: 'Offer not allowed' },
  // Issue 12, the conversation: a banned or deleted party ends it (spec part 2 §6, "sending
  // message not allowed"); the transaction's parties still read what was said.
  'transaction-messaging-not-allowed': { status: 403, title: 'Sending messages is not allowed' },
  'idempotency-key-reused': { status: 409, title: 'Idempotency key used for another request' },
  // Users who are banned or deleted (issue 12, decision 0046): a provider cannot answer a banned
  // customer's request (spec: customerBannedStatus); a banned person cannot sign in; an account with
  // bookings still open for money cannot be deleted (meta.transactions lists them).
  'transaction-customer-banned': { status: 409, title: 'The customer is banned' },
  'user-banned': { status: 403, title: 'This account is banned' },
  'account-deletion-blocked': { status: 409, title: 'The account has bookings still open' },
  // Payout account (spec part 2 §8.2, payout messages). The provider's own words travel in
  // `meta.stripeMessage`, as the spec's API error shape allows.
  'payout-account-exists': { status: 409, title: 'Payout account already exists' },
  'payout-country-not-supported': { status: 400, title: 'Country not supported' },
  'payout-provider-refused': { status: 400, title: 'The payout provider refused the details' },
  'payout-provider-unavailable': { status: 502, title: 'Payout provider unavailable' },
  // Card payments (issue 11): a card the provider refused (meta: Stripe's `code`, `declineCode`
  // and `stripeMessage`; the web translates by code), and the provider not answering.
  'payment-card-error': { status: 402, title: 'Card refused' },
  'payment-provider-unavailable': { status: 502, title: 'Payment provider unavailable' },
  'email-taken': { status: 409, title: 'Email already taken' },
  // 404 rather than 400: the request is well formed, the account it names does not exist.
  'email-not-found': { status: 404, title: 'Email not found' },
  'email-too-many-verification-requests': { status: 429, title: 'Too many verification requests' },
  'request-upload-over-limit': { status: 413, title: 'Upload over limit' },
  // Beyond the spec: a listing holds at most LIMITS.listingImagesMax photos.
  'listing-images-over-limit': { status: 409, title: 'Listing has the most images allowed' },
  'validation-invalid-params': { status: 400, title: 'Invalid parameters' },
  'validation-invalid-value': { status: 400, title: 'Invalid value' },
  'not-found': { status: 404, title: 'Not found' },
  forbidden: { status: 403, title: 'Forbidden' },
  'internal-error': { status: 500, title: 'Internal error' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  'csrf-failed': { status: 403, title: 'CSRF check failed' },
  // 421 Misdirected Request: this server does not answer for that Host (a DNS-rebinding guard).
  'host-not-allowed': { status: 421, title: 'Host not allowed' },
  'captcha-failed': { status: 400, title: 'reCAPTCHA verification failed' },
  'invalid-referral-code': { status: 404, title: 'Invalid referral code' },
  'wrong-password': { status: 403, title: 'Wrong password' },
  conflict: { status: 409, title: 'Conflict' },
  // Hosting (issue 9): the listing wizard and its availability.
  'listing-address-not-recognised': { status: 400, title: 'Address not recognised' },
  'listing-payout-account-required': { status: 409, title: 'Payout account required to publish' },
  'listing-incomplete': { status: 409, title: 'Listing incomplete' },
  'listing-exceptions-limit': { status: 400, title: 'Availability exceptions limit' },
  'listing-exception-overlap': { status: 409, title: 'Availability exceptions overlap' },
  // Discovery (issue 10): a person keeps at most FAVOURITES.max favourite listings.
  'favourites-limit-reached': { status: 409, title: 'Favourites limit reached' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'request-header-too-large': { status: 431, title: 'Request header fields too large' },
  // The geocoder (Nominatim, Photon) did not answer: not the visitor's fault, and worth a retry.
  'geocoder-unavailable': { status: 503, title: 'Geocoding service unavailable' },
  // A search that ran past its time limit (decision 0063): fewer dates or a smaller map box.
  'search-too-broad': { status: 503, title: 'Search took too long' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
