export * from './booking-process.ts';
export * from './display.ts';
export * from './roles.ts';
export * from './seats.ts';
export * from './transition.ts';
