export {
  type NotifyJob,
  PAYMENT_ACTIONS,
  type PaymentAction,
  TRANSACTION_JOBS,
  type TransactionEngine,
  transactionEngine,
} from './engine.ts';
export { transactionJobs } from './jobs.ts';
export { transactionNotificationFacts } from './notification-facts-repository.ts';
export { createPaymentEventHandler, type PaymentEventHandler } from './payment-events.ts';
export type { PayoutDestinations, SavedCards } from './ports.ts';
export { seatBookingsReader, transactionRepository } from './repository.ts';
export { transactionRoutes } from './routes.ts';
export { type TransactionsService, transactionsService } from './service.ts';
