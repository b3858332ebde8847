import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error.ts';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode, statusOf } from './catalogue.ts';
import {
  apiErrorsOf,
  hasErrorWithCode,
  isAlreadyReviewedError,
  isAmountTooLowError,
  isBookingTimeNotAvailableError,
  isEmailNotFoundError,
  isEmailTakenError,
  isForbiddenError,
  isInvalidTransitionError,
  isListingNotFoundError,
  isMissingStripeAccountError,
  isNotFoundError,
  isProviderAccountDisabledError,
  isTooManyVerificationRequestsError,
  isUploadOverLimitError,
  isWrongPasswordError,
  paymentFailureMessages,
} from './classify.ts';

const paymentFailed = (stripeMessage: string) => ({
  errors: [
    { status: 402, code: 'transaction-payment-failed', title: 'Payment failed', meta: { stripeMessage } },
  ],
});

describe('catalogue', () => {
  it.each([
    ['validation-invalid-params', 400],
    ['validation-invalid-value', 400],
    ['forbidden', 403],
    ['not-found', 404],
    ['transaction-listing-not-found', 409],
    ['transaction-booking-time-not-available', 409],
    ['transaction-already-reviewed-by-customer', 409],
    ['transaction-already-reviewed-by-provider', 409],
    ['transaction-invalid-transition', 409],
    ['transaction-payment-failed', 402],
    ['transaction-charge-zero-payin', 402],
    ['transaction-charge-zero-payout', 402],
    ['transaction-missing-stripe-account', 409],
    ['transaction-transition-in-progress', 409],
    ['transaction-own-listing', 409],
    ['transaction-offer-not-allowed', 409],
    ['transaction-messaging-not-allowed', 403],
    ['idempotency-key-reused', 409],
    ['email-taken', 409],
    ['email-not-found', 404],
    ['email-too-many-verification-requests', 429],
    ['request-upload-over-limit', 413],
    ['internal-error', 500],
    ['rate-limited', 429],
    ['unauthorized', 401],
    ['csrf-failed', 403],
    ['host-not-allowed', 421],
    ['captcha-failed', 400],
    ['invalid-referral-code', 404],
    ['wrong-password', 403],
    ['conflict', 409],
    ['unsupported-media-type', 415],
    ['request-timeout', 408],
    ['request-header-too-large', 431],
    ['listing-address-not-recognised', 400],
    ['listing-payout-account-required', 409],
    ['favourites-limit-reached', 409],
    ['listing-incomplete', 409],
    ['listing-exceptions-limit', 400],
    ['listing-exception-overlap', 409],
    ['geocoder-unavailable', 503],
    ['search-too-broad', 503],
    ['payout-account-exists', 409],
    ['payout-country-not-supported', 400],
    ['payout-provider-refused', 400],
    ['payout-provider-unavailable', 502],
    ['transaction-customer-banned', 409],
    ['user-banned', 403],
    ['account-deletion-blocked', 409],
  ] as const)('%s has status %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
    expect(new AppError(code).status).toBe(status);
  });

  it('has exactly the 17 spec codes, 12 generic ones, 11 of hosting, 2 of card payments, 4 of the booking engine, 3 of banned and deleted users, 1 of the conversation, 1 of price negotiation and 1 of the search', () => {
    expect(ERROR_CODES).toHaveLength(53);
    for (const code of ERROR_CODES) expect(ERROR_CATALOGUE[code].title.length).toBeGreaterThan(0);
  });

  it.each([
    ['forbidden', true],
    ['nope', false],
    ['toString', false],
    [403, false],
  ])('isErrorCode(%j) is %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});

describe('AppError', () => {
  it('derives status and title from the code and keeps meta', () => {
    const error = new AppError('transaction-invalid-transition', { meta: { from: 'initial' } });
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(error.name).toBe('AppError');
    expect(error.message).toBe('Invalid transition');
    expect(error.toApiError('e1')).toEqual({
      id: 'e1',
      status: 409,
      code: 'transaction-invalid-transition',
      title: 'Invalid transition',
      meta: { from: 'initial' },
    });
  });

  it('accepts a custom title and a cause', () => {
    const cause = new Error('db down');
    const error = new AppError('email-taken', { title: 'Taken', cause });
    expect(error.title).toBe('Taken');
    expect(error.cause).toBe(cause);
    expect(error.toApiError()).toEqual({ status: 409, code: 'email-taken', title: 'Taken', meta: {} });
  });

  it('hides the title and meta of 5xx errors on the wire', () => {
    const error = new AppError('internal-error', { title: 'SELECT failed', meta: { sql: 'x' } });
    expect(error.toApiError('e2')).toEqual({
      id: 'e2',
      status: 500,
      code: 'internal-error',
      title: 'Internal error',
      meta: {},
    });
  });
});

describe('apiErrorsOf', () => {
  const one = { status: 404, code: 'not-found', title: 'Not found' };
  it.each([
    ['a body', { errors: [one] }, 1],
    ['a fetch error with data', { status: 404, data: { errors: [one] } }, 1],
    ['a fetch error with body', { body: { errors: [one, one] } }, 2],
    ['a single api error', one, 1],
    ['an array', [one, 'junk'], 1],
    ['null', null, 0],
    ['a string', 'boom', 0],
    ['an unrelated object', { message: 'x' }, 0],
    ['an errors list with junk', { errors: [1, one] }, 1],
  ])('reads %s', (_label, input, count) => {
    expect(apiErrorsOf(input)).toHaveLength(count);
  });

  it('reads an AppError', () => {
    expect(apiErrorsOf(new AppError('forbidden'))[0]?.code).toBe('forbidden');
    expect(hasErrorWithCode(new AppError('forbidden'), 'forbidden')).toBe(true);
  });
});

describe('classification', () => {
  it.each([
    ['Amount must be at least €0.50 eur', true],
    ['Amount must convert to at least 50 cents.', true],
    ['Your card was declined.', false],
  ])('amount too low for stripe message %j: %s', (message, expected) => {
    expect(isAmountTooLowError(paymentFailed(message))).toBe(expected);
  });

  it('treats a zero payin as amount too low, and ignores 402s of other codes', () => {
    expect(isAmountTooLowError(new AppError('transaction-charge-zero-payin'))).toBe(true);
    expect(
      isAmountTooLowError({
        errors: [
          { status: 402, code: 'other', title: '', meta: { stripeMessage: 'Amount must be at least 1' } },
        ],
      }),
    ).toBe(false);
    expect(isAmountTooLowError(new AppError('transaction-payment-failed'))).toBe(false);
  });

  it.each([
    ['Your account cannot currently make charges. Please verify.', true],
    ['Blocked: requirements.verification.disabled_reason is set', true],
    ['Your card was declined.', false],
  ])('provider account disabled for %j: %s', (message, expected) => {
    expect(isProviderAccountDisabledError(paymentFailed(message))).toBe(expected);
  });

  it('lists payment failure messages for display', () => {
    expect(paymentFailureMessages(paymentFailed('Your card was declined.'))).toEqual([
      'Your card was declined.',
    ]);
    expect(paymentFailureMessages(new AppError('transaction-payment-failed'))).toEqual([]);
  });

  it('recognises the 409 conflicts only with status 409', () => {
    expect(isListingNotFoundError(new AppError('transaction-listing-not-found'))).toBe(true);
    expect(isBookingTimeNotAvailableError(new AppError('transaction-booking-time-not-available'))).toBe(true);
    expect(isAlreadyReviewedError(new AppError('transaction-already-reviewed-by-customer'))).toBe(true);
    expect(isAlreadyReviewedError(new AppError('transaction-already-reviewed-by-provider'))).toBe(true);
    expect(isInvalidTransitionError(new AppError('transaction-invalid-transition'))).toBe(true);
    expect(
      isBookingTimeNotAvailableError({
        errors: [{ status: 400, code: 'transaction-booking-time-not-available', title: '' }],
      }),
    ).toBe(false);
    expect(isListingNotFoundError(new AppError('not-found'))).toBe(false);
  });

  it('maps 403 to wrong password / forbidden and 404 to not found', () => {
    expect(isWrongPasswordError(new AppError('wrong-password'))).toBe(true);
    expect(isWrongPasswordError(new AppError('forbidden'))).toBe(true);
    expect(isWrongPasswordError(new AppError('unauthorized'))).toBe(false);
    expect(isForbiddenError(new AppError('csrf-failed'))).toBe(true);
    expect(isNotFoundError(new AppError('email-not-found'))).toBe(true);
    expect(isNotFoundError(new AppError('conflict'))).toBe(false);
  });

  it('recognises the code-only errors', () => {
    expect(isEmailTakenError(new AppError('email-taken'))).toBe(true);
    expect(isEmailNotFoundError(new AppError('email-not-found'))).toBe(true);
    expect(isTooManyVerificationRequestsError(new AppError('email-too-many-verification-requests'))).toBe(
      true,
    );
    expect(isUploadOverLimitError(new AppError('request-upload-over-limit'))).toBe(true);
    expect(isMissingStripeAccountError(new AppError('transaction-missing-stripe-account'))).toBe(true);
    expect(isEmailTakenError(new AppError('conflict'))).toBe(false);
  });
});
