/**
 * Card details as a card form checks them before anything is sent, with Stripe's error codes
 * (spec part 2 §8.2, card validation codes): the sandbox's browser API refuses what Stripe would,
 * and the sandbox's card field reports itself complete only when all of it is valid by format.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export type CardFormatCode =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incorrect_number'
  | 'invalid_expiry_month'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year'
  | 'invalid_cvc'
  | 'incorrect_zip';

/** The digits of a typed card number (spaces and dashes dropped), or null with anything else in it. */
export function cardNumberDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** How many digits a number of this brand has (amex 15; the others 16, Stripe's test cards included). */
export function cardNumberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The number grouped as printed on the card: 4-4-4-4, or 4-6-5 for amex. */
export function formatCardNumber(digits: string): string {
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

export function cardNumberIssue(input: string): CardFormatCode | null {
  const digits = cardNumberDigits(input);
  if (digits === null) return 'invalid_number';
  if (digits.length < cardNumberLength(cardBrand(digits))) return 'incomplete_number';
  if (digits.length > 19) return 'invalid_number';
  return passesLuhn(digits) ? null : 'incorrect_number';
}

/**
 * Month and year of an expiry typed as `MM/AA` (or `MM/AAAA`); the year of two digits is this
 * century's. Null when it is not of that shape.
 */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** Stripe's expiry checks against today (`today`: the year and month it is now). */
export function cardExpiryIssue(
  expiry: { month: number; year: number },
  today: { year: number; month: number },
): CardFormatCode | null {
  if (!Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12) return 'invalid_expiry_month';
  if (!Number.isInteger(expiry.year) || expiry.year < today.year || expiry.year > today.year + 50) {
    return 'invalid_expiry_year';
  }
  if (expiry.year === today.year && expiry.month < today.month) return 'invalid_expiry_month_past';
  return null;
}

/** A CVC is three or four digits. */
export function cardCvcIssue(cvc: string): CardFormatCode | null {
  return /^\d{3,4}$/.test(cvc) ? null : 'invalid_cvc';
}

/** The card's postal code: something to check, of at most ten letters, digits, spaces or dashes. */
export function cardPostalCodeIssue(postalCode: string): CardFormatCode | null {
  return /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/.test(postalCode.trim()) ? null : 'incorrect_zip';
}
