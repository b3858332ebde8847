import { describe, expect, it } from 'vitest';
import { IBAN_COUNTRIES } from '../config/countries.ts';
import { IBAN_LENGTHS, isValidIban } from './iban.ts';

describe('IBAN', () => {
  it.each([
    ['ES91 2100 0418 4502 0005 1332', true],
    ['DE89370400440532013000', true],
    ['fr1420041010050500013m02606', true],
    ['NO9386011117947', true],
    ['CH9300762011623852957', true],
    ['MT84MALT011000012345MTLCAST001S', true],
    ['AT611904300234573201', true],
    ['BE68539007547034', true],
    ['ES9121000418450200051333', false], // checksum
    ['DE8937040044053201300', false], // length
    ['GB82WEST12345698765432', false], // not a payout IBAN country
    ['ES91-2100', false],
    ['', false],
  ])('%s is valid: %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('knows the length of every IBAN payout country', () => {
    for (const country of IBAN_COUNTRIES) expect(IBAN_LENGTHS[country]).toBeGreaterThan(14);
  });
});
