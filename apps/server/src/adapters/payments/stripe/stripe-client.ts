import Stripe from 'stripe';
import { PaymentProviderError } from '../provider-error.ts';

export interface StripeSettings {
  secretKey: string;
  /** Another API origin (a fake server in tests, a proxy); Stripe's own by default. */
  apiBase?: string | undefined;
}

/**
 * The Stripe SDK client, pointed at `apiBase` when one is configured. Requests that fail on the
 * network are retried by the SDK with the same idempotency key, so a retry never doubles a write.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Hora' },
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
}

/**
 * A Stripe error as the port's `PaymentProviderError`. The message of an invalid request is
 * Stripe's text for the person; nothing else of the error (its raw body, the request's headers)
 * is kept, so no secret or personal detail travels further.
 */
export function toProviderError(error: unknown): PaymentProviderError | unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const options = { code: error.code, param: error.param, declineCode: error.decline_code };
  switch (error.type) {
    case 'StripeCardError':
      return new PaymentProviderError('card', error.message, options);
    case 'StripeInvalidRequestError':
      return new PaymentProviderError('invalid_request', error.message, options);
    case 'StripeIdempotencyError':
      return new PaymentProviderError('idempotency', error.message, options);
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new PaymentProviderError(
        'configuration',
        `Stripe refused our credentials (${error.type})`,
        options,
      );
    default:
      return new PaymentProviderError('unavailable', `Stripe did not answer (${error.type})`, options);
  }
}

/** Runs a Stripe call, failing with the port's error. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toProviderError(error);
  }
}
