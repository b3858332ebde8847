import {
  type CardBrand,
  cardBrand,
  cardCvcIssue,
  cardExpiryIssue,
  cardNumberDigits,
  cardNumberIssue,
  cardPostalCodeIssue,
} from '@hora/core/payments';
import { PaymentProviderError } from '../provider-error.ts';

/**
 * Stripe's test cards, as the sandbox plays them. What a card does at confirmation is decided from
 * its number when it is made, and kept with it (`behaviour`): its number is never stored.
 * https://docs.stripe.com/testing
 */
export type CardBehaviour =
  | 'succeed'
  | 'authenticate'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_zip'
  | 'processing_error'
  | 'live_card';

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeed',
  '4000056655665556': 'succeed',
  '5555555555554444': 'succeed',
  '2223003122003222': 'succeed',
  '5200828282828210': 'succeed',
  '378282246310005': 'succeed',
  '6011111111111117': 'succeed',
  '4000002500003155': 'authenticate',
  '4000002760003184': 'authenticate',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000036': 'incorrect_zip',
  '4000000000000119': 'processing_error',
};

/** A card failure with Stripe's code, decline code and English message (the web translates by code). */
export interface CardFailure {
  code: string;
  declineCode: string | null;
  message: string;
}

const CARD_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_zip: "Your card's zip code failed validation.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is invalid.',
  incomplete_number: 'Your card number is incomplete.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  live_card:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  setup_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** How a failing behaviour is reported at confirmation, as Stripe reports it. */
export function confirmationFailure(behaviour: CardBehaviour): CardFailure | null {
  switch (behaviour) {
    case 'succeed':
    case 'authenticate':
      return null;
    case 'insufficient_funds':
      return {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: messageOf('insufficient_funds'),
      };
    case 'card_declined':
      return { code: 'card_declined', declineCode: 'generic_decline', message: messageOf('card_declined') };
    case 'live_card':
      return { code: 'card_declined', declineCode: 'test_mode_live_card', message: messageOf('live_card') };
    case 'expired_card':
    case 'incorrect_cvc':
    case 'incorrect_zip':
    case 'processing_error':
      return { code: behaviour, declineCode: behaviour, message: messageOf(behaviour) };
  }
}

export function messageOf(code: string): string {
  return CARD_MESSAGES[code] ?? 'Your card was declined.';
}

export function authenticationFailure(kind: 'payment_intent' | 'setup_intent'): CardFailure {
  const code = `${kind}_authentication_failure`;
  return { code, declineCode: null, message: messageOf(code) };
}

/** The failure as the port's error (kind `card`, Stripe's code and decline code). */
export function cardError(failure: CardFailure): PaymentProviderError {
  return new PaymentProviderError('card', failure.message, {
    code: failure.code,
    declineCode: failure.declineCode ?? undefined,
  });
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string | undefined;
}

export interface AcceptedCard {
  brand: CardBrand;
  last4: string;
  behaviour: CardBehaviour;
}

/**
 * Checks a card as Stripe does when a payment method is made from its details (number by Luhn,
 * expiry against today, CVC format) and decides its test behaviour. Throws the card error.
 */
export function acceptCard(card: CardInput, today: { year: number; month: number }): AcceptedCard {
  const issue =
    cardNumberIssue(card.number) ??
    cardExpiryIssue({ month: card.expMonth, year: card.expYear }, today) ??
    cardCvcIssue(card.cvc) ??
    (card.postalCode === undefined ? null : cardPostalCodeIssue(card.postalCode));
  if (issue) {
    const param = issue.includes('expiry')
      ? 'exp'
      : issue.includes('cvc')
        ? 'cvc'
        : issue.includes('zip')
          ? 'postal_code'
          : 'number';
    throw new PaymentProviderError('card', messageOf(issue), { code: issue, param });
  }
  const digits = cardNumberDigits(card.number) ?? '';
  return { brand: cardBrand(digits), last4: digits.slice(-4), behaviour: TEST_CARDS[digits] ?? 'live_card' };
}
