export * from './calendar.ts';
export * from './zoned.ts';
