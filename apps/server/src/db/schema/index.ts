export * from './auth.ts';
export * from './captcha.ts';
export * from './email.ts';
export * from './images.ts';
export * from './listings.ts';
export * from './rate-limits.ts';
export * from './seed.ts';
