import type { PayoutProviderView } from '@hora/core/payouts';
import type { ReactNode, Ref } from 'react';
import './payments.css';

/**
 * Card entry and confirmation in the browser (issue 11), the same for the sandbox and Stripe. With
 * Stripe, card numbers go to Stripe.js (Elements) and never reach our server; with the sandbox, to
 * the sandbox's own API, which keeps only the brand, the last four digits and the expiry. Checkout
 * and the payment methods page use only what this file exports; their routes bring the `payments`
 * namespace.
 */

/** The card the customer typed, as the provider holds it until confirmation. Opaque. */
export interface CardFieldHandle {
  readonly provider: PayoutProviderView['kind'];
}

export interface CardFieldState {
  /** True once the provider reports a complete, valid card (the submit button waits for it). */
  complete: boolean;
  /** A translated message for what is wrong so far, or null. */
  error: string | null;
}

export interface CardFieldProps {
  provider: PayoutProviderView;
  /** The billing postal code: the card's postal code follows it (spec part 2 §5.7). */
  postalCode?: string;
  onChange(state: CardFieldState): void;
  handleRef: Ref<CardFieldHandle | null>;
  disabled?: boolean;
}

export interface BillingDetails {
  name: string;
  address?: {
    line1: string;
    line2?: string;
    postalCode: string;
    city: string;
    state?: string;
    country: string;
  };
}

export type CardSource =
  | { kind: 'new'; card: CardFieldHandle; billingDetails: BillingDetails; saveCard: boolean }
  | { kind: 'saved'; paymentMethodId: string };

export type CardResult =
  | { ok: true; paymentMethodId: string; status: string }
  | {
      ok: false;
      /** Stripe's code (`card_declined`, `expired_card`, `incorrect_cvc`, `authentication_failure`, …). */
      code: string;
      /** The translated message for that code (spec part 2 §8.2 validation codes). */
      messageKey: string;
      /** The provider's own message, when it gave one. */
      providerMessage?: string;
    };

export interface CardPayments {
  /**
   * Confirms a payment intent with a card: runs the authentication step when the card asks for
   * one (Stripe's own modal; the sandbox's dialog, rendered by `dialog` below).
   */
  confirmCardPayment(clientSecret: string, source: CardSource): Promise<CardResult>;
  /** Confirms a setup intent (saving a card on the payment methods page). */
  confirmCardSetup(
    clientSecret: string,
    card: CardFieldHandle,
    billingDetails: BillingDetails,
  ): Promise<CardResult>;
  /** Put it anywhere in the page: the sandbox's authentication dialog while one is open. */
  dialog: ReactNode;
}

export { AuthenticationDialog, useCardPayments } from './card-confirmation.tsx';
export { CardField } from './card-field.tsx';
