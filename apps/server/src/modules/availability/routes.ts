import {
  availabilityExceptionCreateRequestSchema,
  availabilityExceptionParamsSchema,
  listingIdParamsSchema,
  timeSlotsQuerySchema,
} from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { AvailabilityService } from './service.ts';

const exceptionSchema = z.object({
  id: z.uuid(),
  start: z.string(),
  end: z.string(),
  seats: z.number().int().describe('0: not available; 1: available (overrides the weekly plan)'),
});

const timeSlotSchema = z.object({ start: z.string(), end: z.string(), seats: z.number().int() });

const OWNER_ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A listing's availability exceptions (owner) and its free time slots (everyone). */
export const availabilityRoutes: FastifyPluginAsyncZod<{ service: AvailabilityService }> = async (
  app,
  { service },
) => {
  const tags = ['availability'];

  app.get(
    '/api/own-listings/:id/availability-exceptions',
    {
      schema: {
        tags,
        summary: 'The exceptions of the coming 364 days, in time order',
        params: listingIdParamsSchema,
        response: { 200: z.object({ data: z.array(exceptionSchema) }), ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.listExceptions(requireViewer(request), request.params.id),
    }),
  );

  app.post(
    '/api/own-listings/:id/availability-exceptions',
    {
      schema: {
        tags,
        summary: 'Add an exception: available (seats 1) or not available (seats 0) over a range',
        description:
          'Refused with 400 `listing-exceptions-limit` when it starts in the past, ends more than ' +
          '364 days ahead or the listing already has 100 that have not ended; 409 ' +
          '`listing-exception-overlap` when it overlaps another. 401, 403 and 404 as for the tabs.',
        params: listingIdParamsSchema,
        body: availabilityExceptionCreateRequestSchema,
        response: { 201: z.object({ data: exceptionSchema }), 409: apiErrorSchema, ...OWNER_ERRORS },
      },
    },
    async (request, reply) => {
      const data = await service.createException(requireViewer(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/api/own-listings/:id/availability-exceptions/:exceptionId',
    {
      schema: {
        tags,
        summary: 'Remove an exception; answers the exception removed',
        params: availabilityExceptionParamsSchema,
        response: { 200: z.object({ data: exceptionSchema }), ...OWNER_ERRORS },
      },
    },
    async (request) => ({
      data: await service.deleteException(
        requireViewer(request),
        request.params.id,
        request.params.exceptionId,
      ),
    }),
  );

  app.get(
    '/api/listings/:id/time-slots',
    {
      schema: {
        tags,
        summary: 'Free time slots in [start, end) (at most 100 days) under the listing’s booking rules',
        description:
          'Starts and ends on the listing’s slot step, no start before the advance notice, nothing ' +
          'beyond the booking window, buffers kept around bookings, no stretch shorter than the ' +
          'minimum length. A closed listing has none; drafts answer only their owner (404 otherwise).',
        params: listingIdParamsSchema,
        querystring: timeSlotsQuerySchema,
        response: {
          200: z.object({ data: z.array(timeSlotSchema) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await service.timeSlots(request.viewer, request.params.id, request.query),
    }),
  );
};
