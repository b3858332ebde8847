export * from './markers.ts';
export * from './negotiation.ts';
