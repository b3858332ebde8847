import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import { assertCommissionPercentages, isLineItemCode, lineItem } from './line-items.ts';
import { totals } from './totals.ts';

const eur = (amount: number) => money(amount, 'EUR');

describe('line items', () => {
  it.each([
    ['line-item/units', true],
    ['line-item/provider-commission', true],
    ['line-item/', false],
    ['units', false],
    ['line-items/units', false],
    ['Line-item/units', false],
    [42, false],
  ])('isLineItemCode(%j) is %s', (code, expected) => {
    expect(isLineItemCode(code)).toBe(expected);
  });

  it('refuses a code without the line-item/ prefix', () => {
    expect(() => lineItem({ code: 'units', includeFor: ['customer'], unitPrice: eur(1) })).toThrow(
      "Line item code must start with 'line-item/': units",
    );
  });

  it('refuses an item included for nobody', () => {
    expect(() => lineItem({ code: 'line-item/x', includeFor: [], unitPrice: eur(1) })).toThrow(
      'Line item line-item/x is included for nobody',
    );
  });

  it('computes totals from quantity (default 1) or percentage', () => {
    expect(
      lineItem({ code: 'line-item/x', includeFor: ['customer'], unitPrice: eur(1999), quantity: 3 }),
    ).toEqual({
      code: 'line-item/x',
      includeFor: ['customer'],
      unitPrice: eur(1999),
      quantity: 3,
      lineTotal: eur(5997),
      reversal: false,
    });
    expect(
      lineItem({ code: 'line-item/y', includeFor: ['provider'], unitPrice: eur(300) }).lineTotal,
    ).toEqual(eur(300));
    const commission = lineItem({
      code: 'line-item/provider-commission',
      includeFor: ['provider'],
      unitPrice: eur(3333),
      percentage: -10,
    });
    expect(commission.lineTotal).toEqual(eur(-333));
    expect(commission).not.toHaveProperty('quantity');
  });

  it.each([
    ['line-item/customer-commission', -10, 'Customer commission must be zero or positive'],
    ['line-item/provider-commission', 10, 'Provider commission must be zero or negative'],
  ])('raises the sign error for %s at %i %%', (code, percentage, message) => {
    expect(() => lineItem({ code, includeFor: ['customer'], unitPrice: eur(1000), percentage })).toThrow(
      message,
    );
  });

  it('refuses a precomputed total in another currency', () => {
    expect(() =>
      lineItem({
        code: 'line-item/x',
        includeFor: ['customer'],
        unitPrice: eur(1),
        lineTotal: money(1, 'USD'),
      }),
    ).toThrow('Line total currency mismatch');
  });

  it('accepts zero commissions', () => {
    expect(() => assertCommissionPercentages(0, 0)).not.toThrow();
    expect(() => assertCommissionPercentages(0, -100)).not.toThrow();
  });

  it('totals an empty list to zero', () => {
    expect(totals([], 'EUR')).toEqual({ payinTotal: eur(0), payoutTotal: eur(0), marketplaceTotal: eur(0) });
  });
});
