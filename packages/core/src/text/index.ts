export * from './sanitize.ts';
export * from './truncate.ts';
