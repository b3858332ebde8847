import { type Money, multiplyMoney, percentOfMoney } from '../money/money.ts';

export type LineItemCode = `line-item/${string}`;
export type Party = 'customer' | 'provider';

export const LINE_ITEM_CODES = {
  units: 'line-item/units',
  day: 'line-item/day',
  night: 'line-item/night',
  customerCommission: 'line-item/customer-commission',
  providerCommission: 'line-item/provider-commission',
  referralDiscount: 'line-item/referral-discount',
} as const satisfies Record<string, LineItemCode>;

export type BookingUnitCode =
  | typeof LINE_ITEM_CODES.units
  | typeof LINE_ITEM_CODES.day
  | typeof LINE_ITEM_CODES.night;

export const BOOKING_UNIT_CODES: readonly BookingUnitCode[] = [
  LINE_ITEM_CODES.units,
  LINE_ITEM_CODES.day,
  LINE_ITEM_CODES.night,
];

export interface LineItem {
  readonly code: LineItemCode;
  readonly includeFor: readonly Party[];
  readonly unitPrice: Money;
  /** Exact units (hours may be fractional: 1.5). Absent for percentage items. */
  readonly quantity?: number;
  readonly percentage?: number;
  readonly lineTotal: Money;
  readonly reversal: boolean;
}

export interface LineItemInput {
  code: string;
  includeFor: readonly Party[];
  unitPrice: Money;
  quantity?: number;
  percentage?: number;
  /** Set when the total was computed exactly elsewhere (hours from milliseconds). */
  lineTotal?: Money;
}

export function isLineItemCode(code: unknown): code is LineItemCode {
  return typeof code === 'string' && /^line-item\/\S+$/.test(code);
}

export function assertLineItemCode(code: string): asserts code is LineItemCode {
  if (!isLineItemCode(code)) throw new Error(`Line item code must start with 'line-item/': ${code}`);
}

/** The sign rules of spec part 2 §5.5, plus a floor so a payout can never turn negative. */
export function assertCommissionPercentages(customerPercent: number, providerPercent: number): void {
  if (!(customerPercent >= 0)) throw new RangeError('Customer commission must be zero or positive');
  if (!(providerPercent <= 0)) throw new RangeError('Provider commission must be zero or negative');
  if (providerPercent < -100) throw new RangeError('Provider commission cannot exceed 100 %');
}

function assertCommissionSign(code: LineItemCode, lineTotal: Money): void {
  if (code === LINE_ITEM_CODES.customerCommission && lineTotal.amount < 0) {
    throw new RangeError('Customer commission must be zero or positive');
  }
  if (code === LINE_ITEM_CODES.providerCommission && lineTotal.amount > 0) {
    throw new RangeError('Provider commission must be zero or negative');
  }
}

/** Builds a valid line item: checks the code and the commission signs, computes the total. */
export function lineItem(input: LineItemInput): LineItem {
  assertLineItemCode(input.code);
  if (input.includeFor.length === 0) throw new Error(`Line item ${input.code} is included for nobody`);
  const lineTotal =
    input.lineTotal ??
    (input.percentage !== undefined
      ? percentOfMoney(input.unitPrice, input.percentage)
      : multiplyMoney(input.unitPrice, input.quantity ?? 1));
  if (lineTotal.currency !== input.unitPrice.currency) throw new TypeError('Line total currency mismatch');
  assertCommissionSign(input.code, lineTotal);
  return {
    code: input.code,
    includeFor: [...input.includeFor],
    unitPrice: input.unitPrice,
    ...(input.percentage !== undefined
      ? { percentage: input.percentage }
      : { quantity: input.quantity ?? 1 }),
    lineTotal,
    reversal: false,
  };
}
