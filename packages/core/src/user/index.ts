export * from './account.ts';
export * from './subscription.ts';
