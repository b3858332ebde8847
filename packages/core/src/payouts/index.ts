export * from './account-view.ts';
