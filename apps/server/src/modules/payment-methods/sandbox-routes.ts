import { AppError } from '@hora/core/errors';
import {
  sandboxAuthenticationBodySchema,
  sandboxCardBodySchema,
  sandboxConfirmPaymentBodySchema,
  sandboxConfirmSetupBodySchema,
} from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentProviderError, type SandboxCharges } from '../../adapters/payments/index.ts';
import { clientKey, type RateLimit, type RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import { cardRefused } from './provider-errors.ts';

/** Card testing is what these calls invite: a person, and an address, get a few dozen an hour. */
export const SANDBOX_CARD_CALLS_PER_ACCOUNT: RateLimit = {
  name: 'sandbox-cards:account',
  max: 60,
  windowSeconds: 60 * 60,
};
export const SANDBOX_CARD_CALLS_PER_IP: RateLimit = {
  name: 'sandbox-cards:ip',
  max: 300,
  windowSeconds: 60 * 60,
};

const intentAnswer = z.object({
  data: z.object({
    id: z.string(),
    status: z.string(),
    paymentMethodId: z.string().nullable(),
    /** 'authenticate' while the card's authentication step waits for the customer. */
    nextAction: z.enum(['authenticate']).nullable(),
  }),
});

function intentView(intent: { id: string; status: string; paymentMethodId: string | null }) {
  return {
    data: {
      id: intent.id,
      status: intent.status,
      paymentMethodId: intent.paymentMethodId,
      nextAction: intent.status === 'requires_action' ? ('authenticate' as const) : null,
    },
  };
}

/** The sandbox's refusals as the API's errors: a card's 402, an unknown secret's 404, a wrong state's 409. */
async function sandboxCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'card') throw cardRefused(error);
    if (error.code === 'resource_missing') {
      throw new AppError('not-found', { title: 'No such payment', meta: { stripeCode: error.code } });
    }
    throw new AppError('conflict', {
      title: error.message,
      meta: { stripeCode: error.code ?? null, stripeMessage: error.message },
    });
  }
}

/**
 * The sandbox's browser API, what Stripe.js does against Stripe (only mounted when the sandbox
 * runs): a card from its fields, the confirmation of a payment or setup intent with it, and the
 * authentication step's outcome. The client secret authorises each intent, as with Stripe.js;
 * the caller must also be signed in, and is rate-limited.
 */
export const sandboxCardRoutes: FastifyPluginAsyncZod<{
  charges: SandboxCharges;
  limiter: RateLimiter;
}> = async (app, { charges, limiter }) => {
  const tags = ['payments'];
  app.addHook('preValidation', async (request) => {
    const viewer = requireViewer(request);
    await limiter.hit(SANDBOX_CARD_CALLS_PER_IP, clientKey(request.ip));
    await limiter.hit(SANDBOX_CARD_CALLS_PER_ACCOUNT, viewer.id);
  });

  app.post(
    '/api/payments/sandbox/payment-methods',
    {
      schema: {
        tags,
        summary:
          "Sandbox: a card (pm_…) from its fields, checked as Stripe's are; only its brand, last 4 and expiry are kept",
        body: sandboxCardBodySchema,
        response: {
          201: z.object({
            data: z.object({
              id: z.string(),
              brand: z.string(),
              last4: z.string(),
              expMonth: z.number(),
              expYear: z.number(),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { card, billingDetails } = request.body;
      const created = await sandboxCall(() =>
        charges.createPaymentMethod({
          card,
          billingDetails: {
            name: billingDetails.name,
            postalCode: billingDetails.postalCode ?? null,
            country: billingDetails.country ?? null,
          },
        }),
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    '/api/payments/sandbox/payment-intents/confirm',
    {
      schema: {
        tags,
        summary:
          'Sandbox: confirm a payment intent with a card (optionally keeping the card on its customer)',
        body: sandboxConfirmPaymentBodySchema,
        response: { 200: intentAnswer },
      },
    },
    async (request) => intentView(await sandboxCall(() => charges.confirmPaymentIntent(request.body))),
  );

  app.post(
    '/api/payments/sandbox/payment-intents/authenticate',
    {
      schema: {
        tags,
        summary: "Sandbox: complete or fail a payment's authentication step (3-D Secure)",
        body: sandboxAuthenticationBodySchema,
        response: { 200: intentAnswer },
      },
    },
    async (request) =>
      intentView(
        await sandboxCall(() =>
          charges.authenticatePaymentIntent(request.body.clientSecret, request.body.outcome),
        ),
      ),
  );

  app.post(
    '/api/payments/sandbox/setup-intents/confirm',
    {
      schema: {
        tags,
        summary: 'Sandbox: confirm a setup intent with a card (the card joins its customer)',
        body: sandboxConfirmSetupBodySchema,
        response: { 200: intentAnswer },
      },
    },
    async (request) => intentView(await sandboxCall(() => charges.confirmSetupIntent(request.body))),
  );

  app.post(
    '/api/payments/sandbox/setup-intents/authenticate',
    {
      schema: {
        tags,
        summary: "Sandbox: complete or fail a card setup's authentication step (3-D Secure)",
        body: sandboxAuthenticationBodySchema,
        response: { 200: intentAnswer },
      },
    },
    async (request) =>
      intentView(
        await sandboxCall(() =>
          charges.authenticateSetupIntent(request.body.clientSecret, request.body.outcome),
        ),
      ),
  );
};
