export * from './categories.ts';
export * from './constants.ts';
export * from './countries.ts';
