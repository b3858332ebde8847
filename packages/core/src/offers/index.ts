export * from './markers.ts';
export * from './negotiation.ts';
export * from './rules.ts';
