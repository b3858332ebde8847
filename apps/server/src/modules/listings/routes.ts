import {
  createListingRequestSchema,
  listingAvailabilityRequestSchema,
  listingDescriptionRequestSchema,
  listingFeaturesRequestSchema,
  listingIdParamsSchema,
  listingLocationRequestSchema,
  listingPricingRequestSchema,
  ownListingsQuerySchema,
} from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import {
  listingViewSchema,
  ownListingResponse,
  ownListingViewSchema,
  paginationMetaSchema,
} from './response-schemas.ts';
import type { ListingsService } from './service.ts';

const OWNER_ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const OWNER_NOTE =
  ' Answers 401 to a visitor, 403 `forbidden` for another person’s listing, 404 `not-found` for ' +
  'an unknown id, and, while the listing is a draft, 409 `listing-incomplete` (meta.tab, ' +
  'meta.allowedTab) when an earlier tab is not complete.';

/** The host's listings: the wizard's tabs, publishing, opening and closing, and the public page. */
export const listingRoutes: FastifyPluginAsyncZod<{ service: ListingsService }> = async (
  app,
  { service },
) => {
  const tags = ['listings'];
  const params = listingIdParamsSchema;

  app.post(
    '/api/listings',
    {
      schema: {
        tags,
        summary: 'Create a draft listing from the description tab',
        body: createListingRequestSchema,
        response: { 201: ownListingResponse, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await service.create(requireViewer(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/own-listings',
    {
      schema: {
        tags,
        summary: 'The signed-in host’s listings, newest first, 42 a page',
        querystring: ownListingsQuerySchema,
        response: {
          200: z.object({ data: z.array(ownListingViewSchema), meta: paginationMetaSchema }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => service.ownPage(requireViewer(request), request.query.page),
  );

  app.get(
    '/api/own-listings/:id',
    {
      schema: {
        tags,
        summary: 'One of the signed-in host’s listings, in any state, with its weekly plan',
        params,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({ data: await service.own(requireViewer(request), request.params.id) }),
  );

  app.put(
    '/api/own-listings/:id/description',
    {
      schema: {
        tags,
        summary: 'Save the description tab (title ≤ 60, description ≤ 5000)',
        description: `Angle brackets are stored as full-width look-alikes.${OWNER_NOTE}`,
        params,
        body: listingDescriptionRequestSchema,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.updateDescription(requireViewer(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/own-listings/:id/features',
    {
      schema: {
        tags,
        summary: 'Save the features tab: categories, capacity, certificate and rules',
        description: OWNER_NOTE.trim(),
        params,
        body: listingFeaturesRequestSchema,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.updateFeatures(requireViewer(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/own-listings/:id/location',
    {
      schema: {
        tags,
        summary: 'Save the location tab: the address, the pin and an optional building',
        description:
          'The address is resolved again with the geocoder: 400 `listing-address-not-recognised` ' +
          'when it names no known place, 400 `validation-invalid-value` (meta.field `origin`) when ' +
          `the pin lies more than 25 km from it.${OWNER_NOTE}`,
        params,
        body: listingLocationRequestSchema,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.updateLocation(requireViewer(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/own-listings/:id/pricing',
    {
      schema: {
        tags,
        summary: 'Save the pricing tab: a price, or a negotiable range (price: the midpoint unless given)',
        description: `Prices are in euros only: another currency is a 400.${OWNER_NOTE}`,
        params,
        body: listingPricingRequestSchema,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.updatePricing(requireViewer(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/own-listings/:id/availability',
    {
      schema: {
        tags,
        summary: 'Save the availability tab: the weekly plan (in its time zone) and the booking rules',
        description: OWNER_NOTE.trim(),
        params,
        body: listingAvailabilityRequestSchema,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.updateAvailability(requireViewer(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/own-listings/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish a draft (or send it for approval when the marketplace requires it)',
        description:
          'Refused with 409 `listing-incomplete` (meta.tab) while a tab is not complete, 409 ' +
          '`listing-payout-account-required` without a payout account that can be paid, and 409 ' +
          '`conflict` for a listing that is not a draft. Answers 401, 403 and 404 as the tabs do.',
        params,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({ data: await service.publish(requireViewer(request), request.params.id) }),
  );

  app.post(
    '/api/own-listings/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a published listing (it stays visible with a closed notice, no booking)',
        description:
          '409 `conflict` unless the listing is published. Answers 401, 403 and 404 as the tabs do.',
        params,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({ data: await service.close(requireViewer(request), request.params.id) }),
  );

  app.post(
    '/api/own-listings/:id/open',
    {
      schema: {
        tags,
        summary: 'Open a closed listing again',
        description: '409 `conflict` unless the listing is closed. Answers 401, 403 and 404 as the tabs do.',
        params,
        response: { 200: ownListingResponse, ...OWNER_ERRORS },
      },
    },
    async (request) => ({ data: await service.open(requireViewer(request), request.params.id) }),
  );

  app.get(
    '/api/listings/:id',
    {
      schema: {
        tags,
        summary: 'A listing’s public page',
        description:
          'Published and closed listings for everyone; drafts and listings waiting for approval ' +
          'only for their owner (404 `not-found` to anyone else).',
        params,
        response: { 200: z.object({ data: listingViewSchema }), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await service.show(request.viewer, request.params.id) }),
  );
};
