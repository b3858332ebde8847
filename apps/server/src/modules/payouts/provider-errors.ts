import { AppError } from '@hora/core/errors';
import { PaymentProviderError } from '../../adapters/payments/index.ts';

/** The answer to a country we do not pay out to (spec part 2 §8.2: 'Country not supported: {country}'). */
export function countryNotSupported(country: unknown): AppError {
  const code =
    typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
  return new AppError('payout-country-not-supported', {
    title: code ? `Country not supported: ${code}` : 'Country not supported',
    meta: { field: 'country', ...(code ? { country: code } : {}) },
  });
}

/**
 * A provider failure as the API's error (spec part 2 §8.2, payout messages): what the provider
 * refused keeps its message for the person (`meta.stripeMessage`, as the spec's error shape
 * allows); an outage or our own misconfiguration is a 502 that names no internals (and is logged).
 */
export function payoutProviderFailure(error: unknown, context: { country?: string } = {}): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.kind) {
    case 'invalid_request':
      if (error.code === 'country_unsupported') return countryNotSupported(context.country);
      return new AppError('payout-provider-refused', {
        meta: {
          stripeMessage: error.message,
          ...(error.code ? { stripeCode: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      });
    case 'idempotency':
      return new AppError('conflict', { title: 'The same request was sent with other details' });
    default:
      return new AppError('payout-provider-unavailable', { cause: error });
  }
}

/** Runs a provider call, failing with the API's error. */
export async function withProvider<T>(
  call: () => Promise<T>,
  context: { country?: string } = {},
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw payoutProviderFailure(error, context);
  }
}
