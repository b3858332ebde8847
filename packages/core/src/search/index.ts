export * from './filters.ts';
export * from './query-string.ts';
export * from './routes.ts';
export * from './search-query.ts';
export * from './slug.ts';
export * from './sort.ts';
