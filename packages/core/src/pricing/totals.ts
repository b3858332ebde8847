import { type Money, sumMoney } from '../money/money.ts';
import type { LineItem, Party } from './line-items.ts';

export function totalFor(party: Party, items: readonly LineItem[], currency: string): Money {
  return sumMoney(
    items.filter((item) => item.includeFor.includes(party)).map((item) => item.lineTotal),
    currency,
  );
}

export interface Totals {
  /** What the customer pays. */
  payinTotal: Money;
  /** What the provider receives. */
  payoutTotal: Money;
  /** What the marketplace keeps: payin − payout. */
  marketplaceTotal: Money;
}

export function totals(items: readonly LineItem[], currency: string): Totals {
  const payinTotal = totalFor('customer', items, currency);
  const payoutTotal = totalFor('provider', items, currency);
  return {
    payinTotal,
    payoutTotal,
    marketplaceTotal: { amount: payinTotal.amount - payoutTotal.amount, currency: payinTotal.currency },
  };
}
