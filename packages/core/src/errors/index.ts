export * from './app-error.ts';
export * from './catalogue.ts';
export * from './classify.ts';
