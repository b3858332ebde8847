import { AppError } from '@hora/core/errors';
import { ACTORS, PROCESS_STATES, TRANSITION_NAMES } from '@hora/core/process';
import {
  bookingTimesSchema,
  enquirySchema,
  idempotencyKeySchema,
  initiateTransactionSchema,
  transactionListQuerySchema,
  transactionParamsSchema,
  transitionRequestSchema,
} from '@hora/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { clientKey, type RateLimit, type RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { TransactionsService } from './service.ts';

/** The booking form asks for a price each time a time changes: generous, but not a scraper's rate. */
export const LINE_ITEMS_PER_IP: RateLimit = {
  name: 'transactions:line-items:ip',
  max: 120,
  windowSeconds: 60,
};

/** Questions to hosts before booking: a person asks a few a day; a spammer asks every host. */
export const ENQUIRIES_PER_USER: RateLimit = {
  name: 'transactions:enquiries:user',
  max: 10,
  windowSeconds: 3600,
};

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
const lineItemSchema = z.object({
  code: z.string(),
  includeFor: z.array(z.enum(['customer', 'provider'])).readonly(),
  unitPrice: moneySchema,
  quantity: z.number().optional(),
  percentage: z.number().optional(),
  lineTotal: moneySchema,
  reversal: z.boolean(),
});
const breakdownSchema = z.object({
  lineItems: z.array(lineItemSchema),
  payinTotal: moneySchema,
  payoutTotal: moneySchema,
  booking: z.object({ start: z.string(), end: z.string() }),
  timeZone: z.string(),
});
const variantSchema = z.object({ width: z.number(), height: z.number(), webp: z.string(), jpeg: z.string() });
const partySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  abbreviatedName: z.string(),
  banned: z.boolean(),
  deleted: z.boolean(),
  avatar: z.object({ 'square-small': z.string(), 'square-small2x': z.string() }).nullable(),
});
export const transactionViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  state: z.enum(PROCESS_STATES),
  lastTransition: z.enum(TRANSITION_NAMES as [string, ...string[]]).nullable(),
  lastTransitionedAt: z.string(),
  role: z.enum(['customer', 'provider']),
  transitions: z.array(z.object({ transition: z.string(), createdAt: z.string(), by: z.enum(ACTORS) })),
  nextTransitions: z.array(z.string()),
  listing: z.object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    deleted: z.boolean(),
    image: z
      .object({
        id: z.string(),
        width: z.number(),
        height: z.number(),
        variants: z.record(z.string(), variantSchema),
      })
      .nullable(),
    address: z.object({ address: z.string(), building: z.string().nullable() }).nullable(),
    timeZone: z.string(),
  }),
  customer: partySchema,
  provider: partySchema,
  booking: z.object({ start: z.string(), end: z.string() }).nullable(),
  lineItems: z.array(lineItemSchema),
  payinTotal: moneySchema.nullable(),
  payoutTotal: moneySchema.nullable(),
  payment: z.object({
    intentStatus: z.string().nullable(),
    clientSecret: z.string().nullable(),
    expiresAt: z.string().nullable(),
    refunded: moneySchema.nullable(),
  }),
});
const oneTransaction = z.object({ transaction: transactionViewSchema });

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/** The `Idempotency-Key` header, required on the requests that change something. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) {
    throw new AppError('validation-invalid-params', {
      title: 'An Idempotency-Key header (a UUID) is required',
      meta: { header: 'Idempotency-Key', reason: 'idempotency-key-required' },
    });
  }
  return parsed.data;
}

/** The transactions API (issue 11; CONTRACTS-11.md). Only a transaction's two parties see it: others get 404. */
export const transactionRoutes: FastifyPluginAsyncZod<{
  service: TransactionsService;
  limiter: RateLimiter;
}> = async (app, { service, limiter }) => {
  const tags = ['transactions'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.post(
    '/api/transactions/line-items',
    {
      schema: {
        tags,
        summary: 'The price breakdown of a booking, computed on the server (public, rate-limited)',
        description:
          '409 `transaction-listing-not-found` when the listing is not published; 400 `validation-invalid-value` ' +
          'with meta.reason `price-missing` or `currency-mismatch`. With `transactionId` (signed in, that ' +
          'enquiry’s customer only, others 404): priced at the enquiry’s accepted offer; no price is taken from the client.',
        body: bookingTimesSchema,
        response: { 200: breakdownSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await limiter.hit(LINE_ITEMS_PER_IP, clientKey(request.ip));
      return service.lineItems(request.body, request.body.transactionId ? requireViewer(request) : null);
    },
  );

  app.post(
    '/api/transactions/speculate',
    {
      schema: {
        tags,
        summary: 'The breakdown after every check a real booking makes; writes nothing',
        description:
          '409 `transaction-own-listing`, `transaction-missing-stripe-account`, `transaction-booking-time-not-available`.',
        body: bookingTimesSchema,
        response: { 200: z.object({ breakdown: breakdownSchema }), ...errors },
      },
    },
    async (request) => service.speculate(requireViewer(request), request.body),
  );

  app.post(
    '/api/transactions',
    {
      schema: {
        tags,
        summary:
          'Request a booking (request-payment, or request-payment-after-enquiry): holds the seats and creates the payment intent',
        description:
          'Header `Idempotency-Key` required: the same key and body answer the first answer again; the same key ' +
          'with another body is 409 `idempotency-key-reused`. 409 `transaction-booking-time-not-available` when ' +
          'another booking holds any of the time (the database decides between simultaneous requests). ' +
          '402 `transaction-payment-failed` when the saved card is refused. 429 `transaction-too-many-unpaid` when ' +
          'the customer already has as many bookings waiting for payment as allowed (BOOKING_UNPAID_HOLDS_MAX). ' +
          '`request-payment-after-enquiry` with `transactionId` continues that enquiry (its customer only; decision ' +
          '0043), priced at its accepted offer on negotiable listings (409 `transaction-offer-not-allowed` until one is).',
        headers: idempotencyHeaders,
        body: initiateTransactionSchema,
        response: { 201: oneTransaction, ...errors, 402: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const answer = await service.initiate(viewer, idempotencyKeyOf(request), request.body);
      return reply.status(answer.status).send(answer.body as z.infer<typeof oneTransaction>);
    },
  );

  app.post(
    '/api/transactions/enquiries',
    {
      schema: {
        tags,
        summary: 'Ask the host a question (enquire): a transaction in `enquiry` with its first message',
        description:
          'Header `Idempotency-Key` required (the same key and body answer the same enquiry). 409 ' +
          '`transaction-listing-not-found` unless the listing is published; 409 `transaction-own-listing`; 403 ' +
          '`transaction-messaging-not-allowed` when the host or the viewer is banned or deleted; 429 `rate-limited` ' +
          'past 10 enquiries an hour.',
        headers: idempotencyHeaders,
        body: enquirySchema,
        response: { 201: oneTransaction, ...errors, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const key = idempotencyKeyOf(request);
      await limiter.hit(ENQUIRIES_PER_USER, viewer.id);
      const answer = await service.enquire(viewer, key, request.body);
      return reply.status(answer.status).send(answer.body as z.infer<typeof oneTransaction>);
    },
  );

  app.post(
    '/api/transactions/:id/transitions',
    {
      schema: {
        tags,
        summary: 'Run one of the viewer’s transitions (confirm-payment; accept, decline)',
        description:
          'Parties only (others 404). Header `Idempotency-Key` required. 409 `transaction-invalid-transition` for ' +
          'the wrong actor or state and for system or operator transitions; 409 `transaction-transition-in-progress` ' +
          'while another accept or decline of the transaction runs; 402 `transaction-payment-failed` when the ' +
          'payment is not authorised for the total.',
        headers: idempotencyHeaders,
        params: transactionParamsSchema,
        body: transitionRequestSchema,
        response: { 200: oneTransaction, ...errors, 402: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const answer = await service.transition(
        viewer,
        request.params.id,
        idempotencyKeyOf(request),
        request.body,
      );
      return reply.status(answer.status).send(answer.body as z.infer<typeof oneTransaction>);
    },
  );

  app.get(
    '/api/transactions/awaiting-count',
    {
      schema: {
        tags,
        summary: 'How many of the viewer’s sales wait for their accept or decline (the inbox dot)',
        description: 'The count of `only=sale&lastTransitions=confirm-payment`, without the rows.',
        response: { 200: z.object({ count: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ count: await service.salesAwaiting(requireViewer(request).id) }),
  );

  app.get(
    '/api/transactions/:id',
    {
      schema: {
        tags,
        summary: 'A transaction, as the viewer (one of its two parties) sees it',
        params: transactionParamsSchema,
        response: { 200: oneTransaction, ...errors },
      },
    },
    async (request) => service.show(requireViewer(request), request.params.id),
  );

  app.get(
    '/api/transactions',
    {
      schema: {
        tags,
        summary: 'The viewer’s transactions, most recently changed first',
        description:
          '`only=order` (as customer) or `sale` (as provider); `lastTransitions` filters by last transition.',
        querystring: transactionListQuerySchema,
        response: {
          200: z.object({
            data: z.array(transactionViewSchema),
            meta: z.object({
              page: z.number(),
              perPage: z.number(),
              totalItems: z.number(),
              totalPages: z.number(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.list(requireViewer(request), request.query),
  );
};
