export * from './booking-gate.ts';
export * from './listing.ts';
export * from './location.ts';
export * from './pricing.ts';
export * from './states.ts';
export * from './views.ts';
export * from './wizard.ts';
