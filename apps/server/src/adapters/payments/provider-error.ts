/**
 * How a payment provider call fails, whichever provider runs (payouts now, payment intents
 * later). The kinds follow Stripe's error types, which the sandbox imitates:
 * - `invalid_request`: the provider refused what we sent (a used token, a bad postal code); its
 *   message is written for the person and may be shown to them.
 * - `card`: the card was refused (declined, expired, wrong CVC); `code` is Stripe's (`card_declined`, `expired_card`, `incorrect_cvc`, `insufficient_funds` as decline code).
 * - `idempotency`: an idempotency key was reused with different parameters.
 * - `unavailable`: the provider could not be reached or failed on its side; trying later may work.
 * - `configuration`: our keys are wrong or lack a permission: an operator must act.
 */
export type PaymentProviderErrorKind =
  | 'invalid_request'
  | 'card'
  | 'idempotency'
  | 'unavailable'
  | 'configuration';

export class PaymentProviderError extends Error {
  readonly kind: PaymentProviderErrorKind;
  /** The provider's error code (`postal_code_invalid`, `resource_missing`, ...). */
  readonly code: string | undefined;
  /** The request parameter the provider blames (`external_account`, `individual[address][postal_code]`). */
  readonly param: string | undefined;
  /** A declined card's reason (`insufficient_funds`, `generic_decline`), with `code` `card_declined`. */
  readonly declineCode: string | undefined;

  constructor(
    kind: PaymentProviderErrorKind,
    message: string,
    options: {
      code?: string | undefined;
      param?: string | undefined;
      declineCode?: string | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.code = options.code;
    this.param = options.param;
    this.declineCode = options.declineCode;
  }
}
