export * from './payout-return-paths.ts';
export * from './safe-return-path.ts';
