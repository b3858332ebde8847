export { type LifecycleUser, type OpenTransaction, userLifecycleRepository } from './repository.ts';
export { accountDeletionRoutes } from './routes.ts';
export {
  type AccountDeletion,
  accountDeletion,
  type BanOutcome,
  type UserModeration,
  userModeration,
} from './service.ts';
