import { AppError } from '@hora/core/errors';
import { PaymentProviderError } from '../../adapters/payments/index.ts';

/** A refused card as the API's 402, with Stripe's code, decline code and words for the web to translate. */
export function cardRefused(error: PaymentProviderError): AppError {
  return new AppError('payment-card-error', {
    title: error.message,
    meta: {
      code: error.code ?? 'card_declined',
      ...(error.declineCode ? { declineCode: error.declineCode } : {}),
      stripeMessage: error.message,
    },
  });
}

/**
 * A charges failure as the API's error: a refused card is a 402 with its code; a request the
 * provider refused names something that is not the caller's to use (a card of another customer,
 * a used one): 404, as for anything else that is not theirs; an outage is a 502 (logged).
 */
export function chargesFailure(error: unknown, notFoundTitle: string): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.kind) {
    case 'card':
      return cardRefused(error);
    case 'invalid_request':
      return new AppError('not-found', { title: notFoundTitle, meta: { stripeCode: error.code ?? null } });
    case 'idempotency':
      return new AppError('conflict', { title: 'The same request was sent with other details' });
    default:
      return new AppError('payment-provider-unavailable', { cause: error });
  }
}

/** Runs a provider call, failing with the API's error. */
export async function withCharges<T>(
  call: () => Promise<T>,
  notFoundTitle = 'No such payment method',
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw chargesFailure(error, notFoundTitle);
  }
}
