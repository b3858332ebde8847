import { COMMISSION, MARKETPLACE, REFERRAL } from '../config/constants.ts';
import { AppError } from '../errors/app-error.ts';
import { type Money, money, multiplyMoneyByFraction } from '../money/money.ts';
import { daysBetween } from '../time/calendar.ts';
import { dateKeyAt } from '../time/zoned.ts';
import {
  assertCommissionPercentages,
  type BookingUnitCode,
  LINE_ITEM_CODES,
  type LineItem,
  lineItem,
} from './line-items.ts';
import { totals } from './totals.ts';

const HOUR_MS = 3_600_000;

/** A price offer as read from the transaction's messages (see offers/). */
export interface NegotiatedPrice {
  status: 'offered' | 'accepted' | 'declined';
  /** Per-hour price agreed in the offer. */
  unitPrice: Money;
}

export interface PricingOptions {
  marketplaceCurrency?: string;
  providerCommissionPercent?: number;
  customerCommissionPercent?: number;
  /** Referral discount before capping, in the marketplace currency. */
  referralDiscount?: Money;
}

export interface BookingPriceInput {
  unit?: BookingUnitCode;
  listingPrice: Money | null | undefined;
  start: Date;
  end: Date;
  /** The listing's zone: day and night units count local calendar days. */
  timeZone: string;
  negotiation?: NegotiatedPrice | null;
  applyReferralDiscount?: boolean;
  options?: PricingOptions;
}

/**
 * Units booked. Hours are the exact elapsed time (1.5 for 90 minutes; a local 01:00–04:00 on
 * the 23-hour day is 2 hours). Days and nights count local calendar dates between start and
 * end; day-unit ends are stored one day after the last day, so both count the same way.
 */
export function bookingQuantity(unit: BookingUnitCode, start: Date, end: Date, timeZone: string): number {
  assertOrderedRange(start, end);
  if (unit === LINE_ITEM_CODES.units) return (end.getTime() - start.getTime()) / HOUR_MS;
  return daysBetween(dateKeyAt(start.getTime(), timeZone), dateKeyAt(end.getTime(), timeZone));
}

export function assertOrderedRange(start: Date, end: Date): void {
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    throw new AppError('validation-invalid-params', { title: 'Invalid booking dates' });
  }
  if (end.getTime() < start.getTime()) {
    throw new AppError('validation-invalid-params', { title: 'End date cannot be before start date' });
  }
}

/**
 * The per-unit price actually charged: the negotiated per-hour price replaces the listing
 * price only for hourly bookings and only once the customer accepted the offer.
 */
export function effectiveUnitPrice(
  unit: BookingUnitCode,
  listingPrice: Money | null | undefined,
  negotiation: NegotiatedPrice | null | undefined,
  marketplaceCurrency: string = MARKETPLACE.currency,
): Money {
  const negotiated = unit === LINE_ITEM_CODES.units && negotiation?.status === 'accepted';
  const price = negotiated ? negotiation.unitPrice : listingPrice;
  if (!price) {
    throw new AppError('validation-invalid-value', {
      title: 'Listing has no price',
      meta: { reason: 'price-missing' },
    });
  }
  if (price.currency !== marketplaceCurrency) {
    throw new AppError('validation-invalid-value', {
      title: 'Price currency differs from the marketplace currency',
      meta: { reason: 'currency-mismatch', currency: price.currency },
    });
  }
  if (price.amount < 0) {
    throw new AppError('validation-invalid-value', {
      title: 'Price cannot be negative',
      meta: { reason: 'negative' },
    });
  }
  return price;
}

/**
 * Line items of a booking: the booking line, the referral discount, then the commissions.
 * The discount is paid by the marketplace, so it is capped at the marketplace's share
 * (payin − payout): payin ≥ payout always holds and a payin can never drop below zero.
 */
export function bookingLineItems(input: BookingPriceInput): LineItem[] {
  const options = input.options ?? {};
  const currency = options.marketplaceCurrency ?? MARKETPLACE.currency;
  const customerPercent = options.customerCommissionPercent ?? COMMISSION.customerPercent;
  const providerPercent = options.providerCommissionPercent ?? COMMISSION.providerPercent;
  assertCommissionPercentages(customerPercent, providerPercent);

  const unit = input.unit ?? LINE_ITEM_CODES.units;
  const unitPrice = effectiveUnitPrice(unit, input.listingPrice, input.negotiation, currency);
  const quantity = bookingQuantity(unit, input.start, input.end, input.timeZone);
  const booking = lineItem({
    code: unit,
    includeFor: ['customer', 'provider'],
    unitPrice,
    quantity,
    lineTotal:
      unit === LINE_ITEM_CODES.units
        ? multiplyMoneyByFraction(unitPrice, input.end.getTime() - input.start.getTime(), HOUR_MS)
        : undefined,
  });

  const commissions: LineItem[] = [];
  if (customerPercent !== 0) {
    commissions.push(
      lineItem({
        code: LINE_ITEM_CODES.customerCommission,
        includeFor: ['customer'],
        unitPrice: booking.lineTotal,
        percentage: customerPercent,
      }),
    );
  }
  commissions.push(
    lineItem({
      code: LINE_ITEM_CODES.providerCommission,
      includeFor: ['provider'],
      unitPrice: booking.lineTotal,
      percentage: providerPercent,
    }),
  );

  const items = [booking, ...commissions];
  if (input.applyReferralDiscount) {
    const discount = referralDiscountLine(items, currency, options.referralDiscount);
    if (discount) items.splice(1, 0, discount);
  }
  return items;
}

function referralDiscountLine(items: LineItem[], currency: string, configured?: Money): LineItem | null {
  const discount = configured ?? money(REFERRAL.discountMinor, REFERRAL.currency);
  if (discount.currency !== currency) throw new TypeError('Referral discount currency mismatch');
  const { marketplaceTotal } = totals(items, currency);
  const amount = Math.min(discount.amount, marketplaceTotal.amount);
  if (amount <= 0) return null;
  return lineItem({
    code: LINE_ITEM_CODES.referralDiscount,
    includeFor: ['customer'],
    unitPrice: money(-amount, currency),
    quantity: 1,
  });
}
