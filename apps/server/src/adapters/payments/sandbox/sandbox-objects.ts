import { createHash, timingSafeEqual } from 'node:crypto';
import type { CurrencyCode } from '@hora/core/money';
import type { CardView, PaymentIntent, PaymentIntentStatus, SetupIntent } from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import type {
  SandboxLastError,
  SandboxPaymentIntentRow,
  SandboxPaymentMethodRow,
  SandboxSetupIntentRow,
} from './charges-repository.ts';
import type { CardFailure } from './test-cards.ts';

/**
 * The sandbox's rows as Stripe's objects, its errors in Stripe's words, and the small pure pieces
 * of its calls (idempotency fingerprints, client secrets): what `sandbox-charges.ts` builds on.
 */

export const invalid = (message: string, options: { code?: string; param?: string } = {}) =>
  new PaymentProviderError('invalid_request', message, options);

export const missing = (kind: string, id: string, param: string) =>
  invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param });

export function fingerprint(operation: string, params: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, params]))
    .digest('hex');
}

/** `pi_…_secret_…` → `pi_…` */
export function intentIdOfSecret(clientSecret: string, prefix: 'pi' | 'seti'): string | null {
  const match = new RegExp(`^(${prefix}_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$`).exec(clientSecret);
  return match?.[1] ?? null;
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function toPaymentIntent(row: SandboxPaymentIntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status as PaymentIntentStatus,
    amount: { amount: row.amount, currency: row.currency as CurrencyCode },
    amountCapturable: row.amountCapturable,
    amountReceived: row.amountReceived,
    clientSecret: row.clientSecret,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
    lastError: row.lastError,
  };
}

export function toSetupIntent(row: SandboxSetupIntentRow): SetupIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as SetupIntent['status'],
    paymentMethodId: row.paymentMethodId,
  };
}

export function toCardView(row: SandboxPaymentMethodRow): CardView {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

export function lastErrorOf(failure: CardFailure): SandboxLastError {
  return { code: failure.code, declineCode: failure.declineCode, message: failure.message };
}
