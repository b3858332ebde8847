import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionDigits, isSupportedCurrency, minorUnitDivisor, SUPPORTED_CURRENCIES } from './currencies.ts';
import { divideHalfUp, parseDecimal } from './decimal.ts';
import { formatMoney } from './format.ts';
import {
  addMoney,
  compareMoney,
  isMoney,
  maxMoney,
  minMoney,
  money,
  moneyEquals,
  moneyFromDecimal,
  multiplyMoney,
  negateMoney,
  percentOfMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  toMajorUnits,
  toMinorUnits,
  zeroMoney,
} from './money.ts';

const eur = (amount: number) => money(amount, 'EUR');
const MAX = Number.MAX_SAFE_INTEGER;

describe('minor-unit table', () => {
  it.each([
    'AUD',
    'CAD',
    'CHF',
    'CNY',
    'DKK',
    'EUR',
    'GBP',
    'HKD',
    'INR',
    'MXN',
    'NOK',
    'NZD',
    'SEK',
    'SGD',
    'USD',
  ])('%s has divisor 100', (currency) => {
    expect(minorUnitDivisor(currency)).toBe(100);
    expect(fractionDigits(currency)).toBe(2);
  });

  it('JPY has divisor 1', () => {
    expect(minorUnitDivisor('JPY')).toBe(1);
    expect(fractionDigits('JPY')).toBe(0);
    expect(SUPPORTED_CURRENCIES).toHaveLength(16);
  });

  it.each(['BTC', 'KWD', 'eur', '', 'toString'])('rejects %j', (currency) => {
    expect(isSupportedCurrency(currency)).toBe(false);
    expect(() => minorUnitDivisor(currency)).toThrow(`Unsupported currency: ${currency}`);
    expect(() => money(100, currency)).toThrow(RangeError);
  });
});

describe('money', () => {
  it.each([1.5, Number.NaN, MAX + 1, Number.POSITIVE_INFINITY])('rejects amount %s', (amount) => {
    expect(() => eur(amount)).toThrow('Money amount outside the safe integer range');
  });

  it.each([
    [{ amount: 100, currency: 'EUR' }, true],
    [{ amount: 1.5, currency: 'EUR' }, false],
    [{ amount: 100, currency: 'XXX' }, false],
    [{ amount: '100', currency: 'EUR' }, false],
    [null, false],
    [100, false],
  ])('isMoney(%j) is %s', (value, expected) => {
    expect(isMoney(value)).toBe(expected);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, negates, sums and compares', () => {
    expect(addMoney(eur(2500), eur(150))).toEqual(eur(2650));
    expect(subtractMoney(eur(2500), eur(3000))).toEqual(eur(-500));
    expect(negateMoney(eur(250))).toEqual(eur(-250));
    expect(Object.is(negateMoney(eur(0)).amount, 0)).toBe(true);
    expect(sumMoney([eur(1), eur(2), eur(3)], 'EUR')).toEqual(eur(6));
    expect(sumMoney([], 'EUR')).toEqual(zeroMoney('EUR'));
    expect(compareMoney(eur(1), eur(2))).toBe(-1);
    expect(compareMoney(eur(2), eur(2))).toBe(0);
    expect(compareMoney(eur(3), eur(2))).toBe(1);
    expect(maxMoney(eur(3), eur(2))).toEqual(eur(3));
    expect(minMoney(eur(3), eur(2))).toEqual(eur(2));
    expect(moneyEquals(eur(3), eur(3))).toBe(true);
    expect(moneyEquals(eur(3), money(3, 'USD'))).toBe(false);
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(eur(1), money(1, 'USD'))).toThrow('Currency mismatch: EUR and USD');
    expect(() => compareMoney(eur(1), money(1, 'JPY'))).toThrow(TypeError);
  });

  it('throws outside the safe-integer range', () => {
    expect(() => addMoney(eur(MAX), eur(1))).toThrow('Money amount outside the safe integer range');
    expect(() => subtractMoney(eur(-MAX), eur(1))).toThrow(RangeError);
    expect(() => multiplyMoney(eur(MAX), 2)).toThrow(RangeError);
    expect(addMoney(eur(MAX - 1), eur(1))).toEqual(eur(MAX));
  });

  it.each([
    [2500, 1.5, 3750],
    [2505, '1.1', 2756], // 2755.5 rounds half-up
    [1, 0.5, 1],
    [-1, 0.5, -1], // half away from zero
    [3, 1 / 3, 1],
    [2500, 0, 0],
    [100, '1e-2', 1],
    [1, '1e3', 1000],
  ])('%i × %s = %i', (amount, factor, expected) => {
    expect(multiplyMoney(eur(amount), factor).amount).toBe(expected);
  });

  it.each([
    [2500, -10, -250],
    [2505, -10, -251], // −250.5 → −251
    [2504, -10, -250],
    [1995, 15, 299], // 299.25
    [1000, 12.5, 125],
    [1000, 0, 0],
  ])('%i at %s %% = %i', (amount, percent, expected) => {
    expect(percentOfMoney(eur(amount), percent).amount).toBe(expected);
  });

  it('adding is associative and commutative within the safe range', () => {
    const amount = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        expect(addMoney(eur(a), eur(b))).toEqual(addMoney(eur(b), eur(a)));
        expect(addMoney(addMoney(eur(a), eur(b)), eur(c))).toEqual(
          addMoney(eur(a), addMoney(eur(b), eur(c))),
        );
      }),
    );
  });
});

describe('decimal ↔ minor', () => {
  it.each([
    [25, 'EUR', 2500],
    [25.5, 'EUR', 2550],
    ['25.50', 'EUR', 2550],
    [1.005, 'EUR', 101], // a float would give 100.49999… and round down
    [0.1 + 0.2, 'EUR', 30],
    [0.125, 'EUR', 13],
    [-0.125, 'EUR', -13],
    ['.5', 'EUR', 50],
    ['7.', 'EUR', 700],
    [1e-7, 'EUR', 0],
    ['1.5e3', 'EUR', 150000],
    [2500, 'JPY', 2500],
    [2500.5, 'JPY', 2501],
  ])('%s %s → %i', (decimal, currency, minor) => {
    expect(toMinorUnits(decimal, currency)).toBe(minor);
  });

  it.each(['', 'abc', '1,5', '1.2.3', '.', Number.NaN, Number.POSITIVE_INFINITY])('rejects %j', (value) => {
    expect(() => toMinorUnits(value, 'EUR')).toThrow(RangeError);
  });

  it('rejects amounts beyond the safe range and unknown currencies', () => {
    expect(() => toMinorUnits(1e15, 'EUR')).toThrow('Money amount outside the safe integer range');
    expect(() => toMinorUnits(1, 'XYZ')).toThrow('Unsupported currency: XYZ');
  });

  it.each([
    [2550, 'EUR', '25.50', 25.5],
    [5, 'EUR', '0.05', 0.05],
    [-5, 'EUR', '-0.05', -0.05],
    [-12345, 'EUR', '-123.45', -123.45],
    [0, 'EUR', '0.00', 0],
    [2500, 'JPY', '2500', 2500],
  ])('%i %s → "%s"', (amount, currency, text, major) => {
    const value = money(amount, currency);
    expect(toDecimalString(value)).toBe(text);
    expect(toMajorUnits(value)).toBe(major);
    expect(moneyFromDecimal(text, currency)).toEqual(value);
  });

  it('round-trips every safe cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (amount) => {
        expect(moneyFromDecimal(toDecimalString(eur(amount)), 'EUR')).toEqual(eur(amount));
      }),
    );
  });

  it('divideHalfUp handles signs and zero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(5n, -2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(() => divideHalfUp(1n, 0n)).toThrow('Division by zero');
    expect(parseDecimal('-1.25e1')).toEqual({ digits: -125n, scale: 1 });
  });
});

describe('formatMoney', () => {
  it.each([
    [2500, 'EUR', {}, '25,00\u00a0€'],
    [123456, 'EUR', {}, '1234,56\u00a0€'],
    [12345678, 'EUR', {}, '123.456,78\u00a0€'],
    [-550, 'EUR', {}, '-5,50\u00a0€'],
    [2500, 'EUR', { fractionDigits: 0 }, '25\u00a0€'],
    [2500, 'EUR', { locale: 'en-GB' }, '€25.00'],
    [2500, 'USD', { locale: 'en-US' }, '$25.00'],
    [2500, 'JPY', { locale: 'ja-JP' }, '￥2,500'],
  ])('%i %s %j → %s', (amount, currency, options, text) => {
    expect(formatMoney(money(amount, currency), options)).toBe(text);
  });

  it('formats amounts too large for a float without losing a cent', () => {
    expect(formatMoney(eur(MAX))).toBe('90.071.992.547.409,91\u00a0€');
  });
});
