import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardCvcIssue,
  cardExpiryIssue,
  cardNumberIssue,
  cardPostalCodeIssue,
  formatCardNumber,
  parseExpiry,
  passesLuhn,
} from './cards.ts';

describe('card details by format', () => {
  it("check the number by length and Luhn, with Stripe's codes", () => {
    expect(cardNumberIssue('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberIssue('378282246310005')).toBeNull();
    expect(cardNumberIssue('4242 4242 4242 4241')).toBe('incorrect_number');
    expect(cardNumberIssue('4242 4242')).toBe('incomplete_number');
    expect(cardNumberIssue('')).toBe('incomplete_number');
    expect(cardNumberIssue('4242-abcd')).toBe('invalid_number');
    expect(cardNumberIssue('4'.repeat(20))).toBe('invalid_number');
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('')).toBe(false);
  });

  it('know the brands of the test cards', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('read an expiry as MM/AA and check it against this month', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('1228')).toBeNull();
    const today = { year: 2026, month: 11 };
    expect(cardExpiryIssue({ month: 11, year: 2026 }, today)).toBeNull();
    expect(cardExpiryIssue({ month: 10, year: 2026 }, today)).toBe('invalid_expiry_month_past');
    expect(cardExpiryIssue({ month: 12, year: 2025 }, today)).toBe('invalid_expiry_year');
    expect(cardExpiryIssue({ month: 13, year: 2028 }, today)).toBe('invalid_expiry_month');
    expect(cardExpiryIssue({ month: 1, year: 2090 }, today)).toBe('invalid_expiry_year');
  });

  it('take a CVC of three or four digits and a short postal code', () => {
    expect(cardCvcIssue('123')).toBeNull();
    expect(cardCvcIssue('1234')).toBeNull();
    expect(cardCvcIssue('12')).toBe('invalid_cvc');
    expect(cardCvcIssue('12a')).toBe('invalid_cvc');
    expect(cardPostalCodeIssue('28013')).toBeNull();
    expect(cardPostalCodeIssue('SW1A 1AA')).toBeNull();
    expect(cardPostalCodeIssue('')).toBe('incorrect_zip');
  });
});
