export * from './booking-price.ts';
export * from './line-items.ts';
export * from './totals.ts';
