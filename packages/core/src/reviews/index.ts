export * from './reviews.ts';
