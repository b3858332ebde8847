export { paymentWebhookRoutes, WEBHOOK_BODY_LIMIT } from './routes.ts';
export {
  loggingPaymentEventHandler,
  type PaymentEventHandler,
  type PaymentEventReceiver,
  paymentEventReceiver,
} from './service.ts';
