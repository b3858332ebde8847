import { AppError } from '@hora/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxPayouts } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { requireViewer, type Viewer } from '../../http/viewer.ts';
import { payoutAccountRepository } from './repository.ts';

const linkParams = z.object({ id: z.string().regex(/^[\w-]{20,100}$/) });

const linkView = z.object({
  id: z.string(),
  type: z.enum(['account_onboarding', 'account_update']),
  country: z.string(),
  businessType: z.enum(['individual', 'company']),
  currentlyDue: z.array(z.string()),
  state: z.enum(['open', 'expired', 'used']),
  refreshUrl: z.string(),
});

const redirectAnswer = z.object({ data: z.object({ redirectUrl: z.string() }) });

/**
 * The sandbox's hosted onboarding (what Stripe's onboarding pages do): the web page at
 * `/sandbox/connect/:id` reads the link and ends it with success or failure. A link opens only for
 * the person whose account it is; to anyone else it does not exist.
 */
export const sandboxOnboardingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  payouts: SandboxPayouts;
}> = async (app, { db, payouts }) => {
  const tags = ['payouts'];
  const accounts = payoutAccountRepository(db);
  app.addHook('preValidation', async (request) => {
    requireViewer(request);
  });

  async function ownLink(viewer: Viewer, id: string) {
    const link = await payouts.describeLink(id);
    const own = await accounts.findByUser(viewer.id, 'sandbox');
    if (!link || own?.providerAccountId !== link.accountId) {
      throw new AppError('not-found', { title: 'No such account link' });
    }
    return link;
  }

  app.get(
    '/api/payouts/sandbox/account-links/:id',
    {
      schema: {
        tags,
        summary: 'Sandbox onboarding: what a link asks for, and whether it can still be used',
        params: linkParams,
        response: { 200: z.object({ data: linkView }) },
      },
    },
    async (request) => {
      const { accountId: _, ...link } = await ownLink(requireViewer(request), request.params.id);
      return { data: link };
    },
  );

  for (const [action, outcome] of [
    ['complete', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    app.post(
      `/api/payouts/sandbox/account-links/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            outcome === 'completed'
              ? 'Sandbox onboarding: verify the identity and go to the return URL'
              : 'Sandbox onboarding: fail the verification and go to the refresh URL',
          params: linkParams,
          response: { 200: redirectAnswer },
        },
      },
      async (request) => {
        await ownLink(requireViewer(request), request.params.id);
        const finished = await payouts.finishLink(request.params.id, outcome);
        if (!finished) throw new AppError('not-found', { title: 'No such account link' });
        return { data: finished };
      },
    );
  }
};
