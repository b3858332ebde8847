export * from './bookable-slots.ts';
export * from './bookable-window.ts';
export * from './booking-rules.ts';
export * from './exceptions.ts';
export * from './plan.ts';
export * from './slots.ts';
export * from './time-options.ts';
