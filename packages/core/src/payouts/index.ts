export * from './account-view.ts';
export * from './bank-fields.ts';
