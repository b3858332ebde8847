export * from './bounds.ts';
export * from './distance.ts';
export * from './fuzzy.ts';
export * from './place.ts';
