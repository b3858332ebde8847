export * from './account.ts';
export * from './lifecycle.ts';
export * from './mask-email.ts';
export * from './subscription.ts';
