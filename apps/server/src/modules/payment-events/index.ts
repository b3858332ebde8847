export { paymentWebhookRoutes, WEBHOOK_BODY_LIMIT } from './routes.ts';
export {
  loggingPaymentEventHandler,
  PAYMENT_EVENT_CLAIM_MS,
  type PaymentEventHandler,
  type PaymentEventReceiver,
  paymentEventReceiver,
} from './service.ts';
