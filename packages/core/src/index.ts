/**
 * @hora/core: the domain rules shared by the server and the web app. Each folder is also an
 * entry point of its own (`@hora/core/pricing`, `@hora/core/validation`, ...). Validation is
 * exported here as a namespace because its small builders (`email`, `title`) read best
 * qualified: `validation.email()`.
 */
export * from './availability/index.ts';
export * from './config/index.ts';
export * from './errors/index.ts';
export * from './geo/index.ts';
export * from './listing/index.ts';
export * from './money/index.ts';
export * from './offers/index.ts';
export * from './payments/index.ts';
export * from './payouts/index.ts';
export * from './pricing/index.ts';
export * from './process/index.ts';
export * from './routing/index.ts';
export * from './search/index.ts';
export * from './session/index.ts';
export * from './text/index.ts';
export * from './time/index.ts';
export * from './transactions/index.ts';
export * from './user/index.ts';
export * as validation from './validation/index.ts';
export {
  fieldErrors,
  MESSAGES,
  type MessageKey,
  VALIDATION_MESSAGE_KEYS,
  validate,
} from './validation/index.ts';
