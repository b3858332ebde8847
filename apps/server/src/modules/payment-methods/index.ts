export { paymentMethodRoutes } from './routes.ts';
export { sandboxCardRoutes } from './sandbox-routes.ts';
export { createSavedCards, type SavedCards } from './saved-cards.ts';
export { type PaymentMethodsService, paymentMethodsService } from './service.ts';
