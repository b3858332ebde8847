export { offerRoutes } from './routes.ts';
export { type OffersService, offersService } from './service.ts';
