import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { money } from '../money/money.ts';
import {
  type BookingPriceInput,
  bookingLineItems,
  bookingQuantity,
  effectiveUnitPrice,
  type NegotiatedPrice,
} from './booking-price.ts';
import { LINE_ITEM_CODES, type LineItem } from './line-items.ts';
import { totalFor, totals } from './totals.ts';

const eur = (amount: number) => money(amount, 'EUR');
const MADRID = 'Europe/Madrid';
const base: BookingPriceInput = {
  listingPrice: eur(2500),
  start: new Date('2026-05-04T08:00:00Z'),
  end: new Date('2026-05-04T09:30:00Z'),
  timeZone: MADRID,
};

const brief = (items: LineItem[]) =>
  items.map((i) => [
    i.code,
    i.includeFor.join('+'),
    i.quantity ?? i.percentage,
    i.unitPrice.amount,
    i.lineTotal.amount,
  ]);

describe('bookingLineItems', () => {
  it('prices 1.5 hours at 25 € with the default −10 % provider commission', () => {
    const items = bookingLineItems(base);
    expect(brief(items)).toEqual([
      ['line-item/units', 'customer+provider', 1.5, 2500, 3750],
      ['line-item/provider-commission', 'provider', -10, 3750, -375],
    ]);
    expect(items.every((i) => i.reversal === false)).toBe(true);
    expect(totals(items, 'EUR')).toEqual({
      payinTotal: eur(3750),
      payoutTotal: eur(3375),
      marketplaceTotal: eur(375),
    });
  });

  it('adds a customer commission only when one is configured', () => {
    const items = bookingLineItems({
      ...base,
      options: { customerCommissionPercent: 5, providerCommissionPercent: -12.5 },
    });
    expect(brief(items)).toEqual([
      ['line-item/units', 'customer+provider', 1.5, 2500, 3750],
      ['line-item/customer-commission', 'customer', 5, 3750, 188], // 187.5 rounds half-up
      ['line-item/provider-commission', 'provider', -12.5, 3750, -469], // −468.75
    ]);
    expect(totals(items, 'EUR').payinTotal).toEqual(eur(3938));
  });

  it('rounds the hourly total half-up to the cent', () => {
    const items = bookingLineItems({
      ...base,
      listingPrice: eur(1001),
      end: new Date('2026-05-04T08:30:00Z'),
    });
    expect(items[0]?.lineTotal).toEqual(eur(501)); // 500.5
    expect(items[0]?.quantity).toBe(0.5);
  });

  it('charges the real elapsed hours across the spring-forward change', () => {
    // 01:00 to 04:00 local on 2026-03-29 is two real hours.
    const items = bookingLineItems({
      ...base,
      start: new Date('2026-03-29T00:00:00Z'),
      end: new Date('2026-03-29T02:00:00Z'),
    });
    expect(items[0]?.quantity).toBe(2);
    expect(items[0]?.lineTotal).toEqual(eur(5000));
  });

  it.each([
    [LINE_ITEM_CODES.day, '2026-05-03T22:00:00Z', '2026-05-06T22:00:00Z', 3, 7500],
    [LINE_ITEM_CODES.night, '2026-05-04T12:00:00Z', '2026-05-05T08:00:00Z', 1, 2500],
    [LINE_ITEM_CODES.day, '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', 1, 2500],
  ] as const)('%s from %s to %s is %i units', (unit, start, end, quantity, total) => {
    const items = bookingLineItems({ ...base, unit, start: new Date(start), end: new Date(end) });
    expect(items[0]?.code).toBe(unit);
    expect(items[0]?.quantity).toBe(quantity);
    expect(items[0]?.lineTotal).toEqual(eur(total));
  });

  it.each([
    ['accepted', 2000, 3000],
    ['offered', 2000, 3750],
    ['declined', 2000, 3750],
  ] as const)(
    'an offer with status %s at %i per hour gives a booking line of %i',
    (status, offered, total) => {
      const negotiation: NegotiatedPrice = { status, unitPrice: eur(offered) };
      expect(bookingLineItems({ ...base, negotiation })[0]?.lineTotal).toEqual(eur(total));
    },
  );

  it('ignores a negotiated per-hour price for day units', () => {
    const negotiation: NegotiatedPrice = { status: 'accepted', unitPrice: eur(100) };
    expect(effectiveUnitPrice(LINE_ITEM_CODES.day, eur(2500), negotiation)).toEqual(eur(2500));
    expect(effectiveUnitPrice(LINE_ITEM_CODES.units, null, negotiation)).toEqual(eur(100));
  });

  it.each([
    ['a listing of 200 €/h for 1 h', 20000, 1000, 19000],
    ['a listing of 100 €/h for 1 h', 10000, 1000, 9000],
    ['a listing of 25 €/h for 1 h: capped at the 2.50 € commission', 2500, 250, 2250],
  ])('applies the referral discount to %s', (_label, price, discount, payin) => {
    const items = bookingLineItems({
      ...base,
      listingPrice: eur(price),
      end: new Date('2026-05-04T09:00:00Z'),
      applyReferralDiscount: true,
    });
    expect(items[1]?.code).toBe('line-item/referral-discount');
    expect(items[1]?.includeFor).toEqual(['customer']);
    expect(items[1]?.lineTotal).toEqual(eur(-discount));
    expect(totals(items, 'EUR').payinTotal).toEqual(eur(payin));
  });

  it('leaves out the referral discount when the marketplace keeps nothing', () => {
    const items = bookingLineItems({
      ...base,
      applyReferralDiscount: true,
      options: { providerCommissionPercent: 0 },
    });
    expect(items.map((i) => i.code)).toEqual(['line-item/units', 'line-item/provider-commission']);
  });

  it('rejects a referral discount in another currency', () => {
    expect(() =>
      bookingLineItems({
        ...base,
        applyReferralDiscount: true,
        options: { referralDiscount: money(1000, 'USD') },
      }),
    ).toThrow('Referral discount currency mismatch');
  });

  it.each([
    [{ customerCommissionPercent: -1 }, 'Customer commission must be zero or positive'],
    [{ providerCommissionPercent: 1 }, 'Provider commission must be zero or negative'],
    [{ providerCommissionPercent: -101 }, 'Provider commission cannot exceed 100 %'],
    [{ customerCommissionPercent: Number.NaN }, 'Customer commission must be zero or positive'],
  ])('raises the sign error for %j', (options, message) => {
    expect(() => bookingLineItems({ ...base, options })).toThrow(message);
  });

  it.each([
    [{ listingPrice: null }, 'price-missing'],
    [{ listingPrice: money(2500, 'USD') }, 'currency-mismatch'],
    [{ listingPrice: eur(-1) }, 'negative'],
  ])('blocks a booking for %j', (override, reason) => {
    try {
      bookingLineItems({ ...base, ...override });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('validation-invalid-value');
      expect((error as AppError).meta.reason).toBe(reason);
    }
  });

  it('raises "End date cannot be before start date"', () => {
    expect(() => bookingQuantity(LINE_ITEM_CODES.units, base.end, base.start, MADRID)).toThrow(
      'End date cannot be before start date',
    );
    expect(() => bookingQuantity(LINE_ITEM_CODES.units, new Date('nope'), base.end, MADRID)).toThrow(
      'Invalid booking dates',
    );
    expect(bookingQuantity(LINE_ITEM_CODES.units, base.start, base.start, MADRID)).toBe(0);
  });
});

describe('pricing properties', () => {
  const hour = 3_600_000;
  const scenario = fc.record({
    price: fc.integer({ min: 0, max: 1_000_000 }),
    startHour: fc.integer({ min: 0, max: 24 * 365 }),
    minutes: fc.integer({ min: 0, max: 60 * 24 * 14 }),
    customer: fc.double({ min: 0, max: 50, noNaN: true }),
    provider: fc.double({ min: -100, max: 0, noNaN: true }),
    referral: fc.boolean(),
    negotiated: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
  });

  it('payin is the sum of customer items, payout of provider items, and payin ≥ payout ≥ 0', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const start = new Date(Date.UTC(2026, 0, 1) + s.startHour * hour);
        const items = bookingLineItems({
          listingPrice: eur(s.price),
          start,
          end: new Date(start.getTime() + s.minutes * 60_000),
          timeZone: MADRID,
          applyReferralDiscount: s.referral,
          negotiation: s.negotiated === null ? null : { status: 'accepted', unitPrice: eur(s.negotiated) },
          options: { customerCommissionPercent: s.customer, providerCommissionPercent: s.provider },
        });
        const { payinTotal, payoutTotal } = totals(items, 'EUR');
        const sum = (party: 'customer' | 'provider') =>
          items.filter((i) => i.includeFor.includes(party)).reduce((acc, i) => acc + i.lineTotal.amount, 0);
        expect(payinTotal.amount).toBe(sum('customer'));
        expect(payoutTotal.amount).toBe(sum('provider'));
        expect(totalFor('customer', items, 'EUR')).toEqual(payinTotal);
        expect(payinTotal.amount).toBeGreaterThanOrEqual(payoutTotal.amount);
        expect(payoutTotal.amount).toBeGreaterThanOrEqual(0);
        for (const item of items) expect(item.code.startsWith('line-item/')).toBe(true);
      }),
    );
  });
});
