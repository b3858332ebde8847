import type { ApiError } from './app-error.ts';
import { AppError } from './app-error.ts';

/**
 * Classification helpers of spec part 2 §8.1. They accept whatever the caller caught: an
 * AppError, an `{ errors: [...] }` body, an error carrying such a body under `data` or `body`
 * (fetch wrappers), a single ApiError, or an array of them.
 */
export function apiErrorsOf(error: unknown): ApiError[] {
  if (error instanceof AppError) return [error.toApiError()];
  if (Array.isArray(error)) return error.filter(isApiError);
  if (!isRecord(error)) return [];
  if (Array.isArray(error.errors)) return error.errors.filter(isApiError);
  for (const key of ['data', 'body'] as const) {
    const inner = error[key];
    if (isRecord(inner) && Array.isArray(inner.errors)) return inner.errors.filter(isApiError);
  }
  return isApiError(error) ? [error] : [];
}

export function hasErrorWithCode(error: unknown, code: string): boolean {
  return apiErrorsOf(error).some((e) => e.code === code);
}

export function hasErrorWithStatus(error: unknown, status: number): boolean {
  return apiErrorsOf(error).some((e) => e.status === status);
}

function stripeMessage(error: ApiError): string | undefined {
  const message = error.meta?.stripeMessage;
  return typeof message === 'string' ? message : undefined;
}

function isPaymentFailure(error: ApiError): boolean {
  return error.status === 402 && error.code === 'transaction-payment-failed';
}

export function isAmountTooLowError(error: unknown): boolean {
  if (hasErrorWithCode(error, 'transaction-charge-zero-payin')) return true;
  return apiErrorsOf(error).some((e) => {
    const message = stripeMessage(e);
    return (
      isPaymentFailure(e) &&
      message !== undefined &&
      (message.startsWith('Amount must be at least') || message.startsWith('Amount must convert to at least'))
    );
  });
}

export function isProviderAccountDisabledError(error: unknown): boolean {
  return apiErrorsOf(error).some((e) => {
    const message = stripeMessage(e);
    return (
      isPaymentFailure(e) &&
      message !== undefined &&
      (message.startsWith('Your account cannot currently make charges.') ||
        /verification\.disabled_reason/.test(message))
    );
  });
}

/** Card-processor messages of 402 payment failures, for display. */
export function paymentFailureMessages(error: unknown): string[] {
  return apiErrorsOf(error)
    .filter(isPaymentFailure)
    .map(stripeMessage)
    .filter((m): m is string => m !== undefined);
}

function hasConflict(error: unknown, codes: readonly string[]): boolean {
  return apiErrorsOf(error).some((e) => e.status === 409 && codes.includes(e.code));
}

export function isListingNotFoundError(error: unknown): boolean {
  return hasConflict(error, ['transaction-listing-not-found']);
}

export function isBookingTimeNotAvailableError(error: unknown): boolean {
  return hasConflict(error, ['transaction-booking-time-not-available']);
}

export function isAlreadyReviewedError(error: unknown): boolean {
  return hasConflict(error, [
    'transaction-already-reviewed-by-customer',
    'transaction-already-reviewed-by-provider',
  ]);
}

export function isInvalidTransitionError(error: unknown): boolean {
  return hasConflict(error, ['transaction-invalid-transition']);
}

export function isMissingStripeAccountError(error: unknown): boolean {
  return hasErrorWithCode(error, 'transaction-missing-stripe-account');
}

/** Change-email and change-password forms report any 403 as a wrong current password. */
export function isWrongPasswordError(error: unknown): boolean {
  return hasErrorWithStatus(error, 403);
}

export function isForbiddenError(error: unknown): boolean {
  return hasErrorWithStatus(error, 403);
}

export function isNotFoundError(error: unknown): boolean {
  return hasErrorWithStatus(error, 404);
}

export function isEmailTakenError(error: unknown): boolean {
  return hasErrorWithCode(error, 'email-taken');
}

export function isEmailNotFoundError(error: unknown): boolean {
  return hasErrorWithCode(error, 'email-not-found');
}

export function isTooManyVerificationRequestsError(error: unknown): boolean {
  return hasErrorWithCode(error, 'email-too-many-verification-requests');
}

export function isUploadOverLimitError(error: unknown): boolean {
  return hasErrorWithCode(error, 'request-upload-over-limit');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.code === 'string' && typeof value.status === 'number';
}
