import { AppError } from '@hora/core/errors';
import { accountDeletionSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../http/viewer.ts';
import { requestContext } from '../auth/routes.ts';
import type { AccountDeletion } from './service.ts';

const openTransactionSchema = z.object({
  id: z.uuid(),
  state: z.string(),
  role: z.enum(['customer', 'provider']),
  listingTitle: z.string(),
  bookingStart: z.string().nullable(),
});

/**
 * Deleting one's own account (decision 0047). Only a full session: an operator acting as the
 * person (`user:limited`) cannot. The session cookie is cleared with the answer.
 */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  service: AccountDeletion;
  cookieName: string;
}> = async (app, { service, cookieName }) => {
  const tags = ['account'];

  app.get(
    '/api/account/deletion',
    {
      schema: {
        tags,
        summary: 'The bookings still open for money that keep your account from being deleted now',
        response: { 200: z.object({ openTransactions: z.array(openTransactionSchema) }) },
      },
    },
    async (request) => {
      const open = await service.openTransactions(requireViewer(request).id);
      return {
        openTransactions: open.map((t) => ({ ...t, bookingStart: t.bookingStart?.toISOString() ?? null })),
      };
    },
  );

  app.post(
    '/api/account/delete',
    {
      schema: {
        tags,
        summary:
          'Delete your account (current password required): refused with account-deletion-blocked while bookings are open for money; personal data erased, listings closed, you are signed out',
        body: accountDeletionSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      if (!viewer.scopes.includes('user')) {
        throw new AppError('forbidden', { title: 'Only the account holder can delete the account' });
      }
      await service.deleteAccount(viewer, request.body.currentPassword, requestContext(request));
      // `__Host-` cookies are only replaced by a Secure one with Path=/ (decision 0012).
      reply.clearCookie(cookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieName.startsWith('__Host-'),
      });
      return { ok: true as const };
    },
  );
};
