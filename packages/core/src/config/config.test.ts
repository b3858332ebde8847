import { describe, expect, it } from 'vitest';
import { CATEGORIES, isCategory, LANDING_TILE_CATEGORIES } from './categories.ts';
import { COOKIE_CONSENT, LIMITS, MARKETPLACE, PAGE_SIZES, PROCESS_TIMING, SORT } from './constants.ts';
import {
  COUNTRY_NAME_LOCALES,
  countryName,
  IBAN_COUNTRIES,
  isIbanCountry,
  isPayoutCountry,
  PAYOUT_COUNTRIES,
  PAYOUT_CURRENCY_BY_COUNTRY,
} from './countries.ts';

describe('categories', () => {
  it('has the 19 categories of the spec, unique', () => {
    expect(CATEGORIES).toHaveLength(19);
    expect(new Set(CATEGORIES).size).toBe(19);
    expect(LANDING_TILE_CATEGORIES).toEqual(['sala', 'cocina', 'gimnasio']);
  });

  it.each([
    ['cocina', true],
    ['instrumentosMusicales', true],
    ['Cocina', false],
    ['', false],
    [3, false],
  ])('isCategory(%j) is %s', (value, expected) => {
    expect(isCategory(value)).toBe(expected);
  });
});

describe('payout countries', () => {
  it('lists 36 unique countries, of which 27 use an IBAN', () => {
    expect(PAYOUT_COUNTRIES).toHaveLength(36);
    expect(new Set(PAYOUT_COUNTRIES).size).toBe(36);
    expect(IBAN_COUNTRIES).toHaveLength(27);
    for (const code of IBAN_COUNTRIES) expect(isPayoutCountry(code)).toBe(true);
  });

  it.each([
    ['ES', true, true],
    ['US', true, false],
    ['JP', true, false],
    ['BR', false, false],
    ['es', false, false],
  ])('%s: payout %s, iban %s', (code, payout, iban) => {
    expect(isPayoutCountry(code)).toBe(payout);
    expect(isIbanCountry(code)).toBe(iban);
  });

  it('holds Norwegian bank accounts in NOK and Spanish ones in EUR', () => {
    expect(PAYOUT_CURRENCY_BY_COUNTRY.NO).toBe('NOK');
    expect(PAYOUT_CURRENCY_BY_COUNTRY.ES).toBe('EUR');
    expect(PAYOUT_CURRENCY_BY_COUNTRY.JP).toBe('JPY');
  });
});

describe('countryName', () => {
  it.each([
    ['ES', 'es', 'España'],
    ['DE', 'en', 'Germany'],
    ['DE', 'fr', 'Allemagne'],
    ['ES', 'de', 'Spanien'],
  ])('%s in %s is %s', (code, locale, name) => {
    expect(countryName(code, locale)).toBe(name);
  });

  it('defaults to Spanish', () => {
    expect(countryName('GB')).toBe('Reino Unido');
  });

  it.each(['QQ', 'ZZ', 'es', 'ESP', ''])('rejects %j with "Country code not found"', (code) => {
    expect(() => countryName(code)).toThrow('Country code not found');
  });

  it('offers the four locales of the spec', () => {
    expect(COUNTRY_NAME_LOCALES).toEqual(['en', 'fr', 'es', 'de']);
  });
});

describe('constants', () => {
  it('holds the spec values', () => {
    expect(MARKETPLACE.currency).toBe('EUR');
    expect(MARKETPLACE.daysAvailableForBooking).toBe(90);
    expect(MARKETPLACE.processAlias).toBe('flex-hourly-default-process/release-1');
    expect(PAGE_SIZES).toEqual({
      search: 24,
      inbox: 10,
      manageListings: 42,
      messages: 100,
      timeSlots: 500,
      saleNotifications: 100,
      hostListings: 12,
    });
    expect(LIMITS.passwordMin).toBe(8);
    expect(LIMITS.passwordMax).toBe(256);
    expect(LIMITS.imageMaxBytes).toBe(20_971_520);
    expect(COOKIE_CONSENT.years).toBe(10);
    expect(SORT.default).toBe('createdAt');
    expect(PROCESS_TIMING.paymentWindowMs).toBe(900_000);
    expect(PROCESS_TIMING.reviewPeriodMs).toBe(604_800_000);
  });
});
