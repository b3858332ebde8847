export * from './currencies.ts';
export * from './format.ts';
export * from './money.ts';
