import { isPayoutCountry } from '@hora/core/config';
import { payoutAccountViewSchema, payoutProviderViewSchema } from '@hora/core/payouts';
import {
  bankAccountTokenBodySchema,
  payoutAccountBodySchema,
  payoutAccountLinkBodySchema,
  payoutAccountUpdateBodySchema,
} from '@hora/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Payments } from '../../adapters/payments/index.ts';
import { requireViewer } from '../../http/viewer.ts';
import { countryNotSupported } from './provider-errors.ts';
import type { PayoutsService } from './service.ts';

const accountAnswer = z.object({ data: payoutAccountViewSchema });

/**
 * A country we do not pay out to is answered with its own error naming it, before the field checks
 * (every other rule of the form depends on a country we serve). Runs after the sign-in check.
 */
async function refuseUnsupportedCountry(request: FastifyRequest) {
  const country = (request.body as { country?: unknown } | undefined)?.country;
  if (typeof country === 'string' && !isPayoutCountry(country)) throw countryNotSupported(country);
}

/**
 * The payout account API (spec part 2 §7, payout account calls). Every route acts on the signed-in
 * person's own account: no route takes an account id, so nobody can name someone else's.
 */
export const payoutRoutes: FastifyPluginAsyncZod<{ service: PayoutsService; payments: Payments }> = async (
  app,
  { service, payments },
) => {
  const tags = ['payouts'];
  // Signed-in people only, answered before the body is checked: a visitor learns nothing of the form.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== '/api/payouts/provider') requireViewer(request);
  });

  app.get(
    '/api/payouts/provider',
    {
      schema: {
        tags,
        summary: 'Which payment provider runs, and what the browser needs of it (publishable key)',
        response: { 200: z.object({ data: payoutProviderViewSchema }) },
      },
    },
    async () => ({ data: payments.browser }),
  );

  app.get(
    '/api/payouts/account',
    {
      schema: {
        tags,
        summary: 'Your payout account as the provider sees it now (null without one)',
        response: { 200: z.object({ data: payoutAccountViewSchema.nullable() }) },
      },
    },
    async (request) => ({ data: await service.account(requireViewer(request)) }),
  );

  app.post(
    '/api/payouts/account',
    {
      preValidation: refuseUnsupportedCountry,
      schema: {
        tags,
        summary: 'Create your payout account (one per person) from the payout form and a bank token',
        body: payoutAccountBodySchema,
        response: { 201: accountAnswer },
      },
    },
    async (request, reply) => {
      const account = await service.create(requireViewer(request), request.body, { ip: request.ip });
      return reply.status(201).send({ data: account });
    },
  );

  app.patch(
    '/api/payouts/account',
    {
      schema: {
        tags,
        summary: 'Change the bank account payouts go to',
        body: payoutAccountUpdateBodySchema,
        response: { 200: accountAnswer },
      },
    },
    async (request) => ({ data: await service.update(requireViewer(request), request.body) }),
  );

  app.post(
    '/api/payouts/account-links',
    {
      schema: {
        tags,
        summary: "A link to the provider's hosted onboarding, returning to the page you came from",
        body: payoutAccountLinkBodySchema,
        response: { 200: z.object({ data: z.object({ url: z.string() }) }) },
      },
    },
    async (request) => ({ data: await service.createAccountLink(requireViewer(request), request.body) }),
  );

  // With Stripe, bank tokens come from Stripe.js in the browser: bank numbers never reach us.
  if (payments.kind === 'sandbox') {
    app.post(
      '/api/payouts/bank-tokens',
      {
        preValidation: refuseUnsupportedCountry,
        schema: {
          tags,
          summary: 'Sandbox: a single-use bank token (btok_…) from the per-country bank fields',
          body: bankAccountTokenBodySchema,
          response: { 201: z.object({ data: z.object({ id: z.string(), last4: z.string() }) }) },
        },
      },
      async (request, reply) => {
        requireViewer(request);
        return reply.status(201).send({ data: await service.createBankToken(request.body) });
      },
    );
  }
};
