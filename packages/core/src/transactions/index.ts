export * from './messages.ts';
export * from './view.ts';
export * from './view-rules.ts';
