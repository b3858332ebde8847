import { avatarVariantsSchema, sessionUserSchema } from '@hora/core/session';
import {
  confirmSignupSchema,
  contactDetailsBodySchema,
  passwordChangeSchema,
  profileSettingsSchema,
} from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../http/viewer.ts';
import { forwardCookies } from '../auth/headers.ts';
import { requestContext } from '../auth/routes.ts';
import type { AccountService } from './service.ts';

const publicUserSchema = z.object({
  id: z.uuid(),
  banned: z.boolean(),
  deleted: z.boolean(),
  displayName: z.string().nullable(),
  abbreviatedName: z.string().nullable(),
  bio: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  avatar: avatarVariantsSchema.nullable(),
  createdAt: z.string(),
});

/** The signed-in person's own account, and everyone's public profile. */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  const tags = ['account'];

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in person (null for a visitor)',
        response: { 200: z.object({ user: sessionUserSchema.nullable() }) },
      },
    },
    async (request) => ({ user: request.viewer ? await service.me(request.viewer) : null }),
  );

  app.patch(
    '/api/account/contact-details',
    {
      schema: {
        tags,
        summary:
          'Change phone number, or email (current password required; the new address is verified first)',
        // Whether the current password is needed depends on the stored email: the service checks it.
        body: contactDetailsBodySchema,
        response: { 200: sessionUserSchema },
      },
    },
    async (request) =>
      service.updateContactDetails(requireViewer(request), request.body, requestContext(request)),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password (current password required); other sessions end',
        body: passwordChangeSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      forwardCookies(
        reply,
        await service.changePassword(requireViewer(request), request.body, requestContext(request)),
      );
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/account/profile',
    {
      schema: {
        tags,
        summary: 'Update the public profile',
        body: profileSettingsSchema,
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => service.updateProfile(requireViewer(request), request.body),
  );

  app.post(
    '/api/auth/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the details of a Google/Facebook sign-up and accept the terms; a different email needs the current password unless the provider created the account moments ago in this session',
        body: confirmSignupSchema,
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => service.confirmSignup(requireViewer(request), request.body, requestContext(request)),
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Public profile of a person',
        params: z.object({ id: z.string() }),
        response: { 200: publicUserSchema },
      },
    },
    async (request) => service.publicProfile(request.params.id),
  );
};
