/** A transaction's conversation (issue 12): `GET|POST /api/transactions/:id/messages`. */
export { MESSAGES_PER_USER, MESSAGES_PER_USER_HOUR, messageRoutes, messageViewSchema } from './routes.ts';
export { type MessagesService, messagesService } from './service.ts';
