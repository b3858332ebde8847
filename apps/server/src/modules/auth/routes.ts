import { AppError } from '@hora/core/errors';
import {
  emailVerificationSchema,
  externalSignInQuerySchema,
  loginSchema,
  passwordRecoverySchema,
  passwordResetSchema,
  signupSchema,
} from '@hora/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWebResponse, toWebRequest } from '../../http/fetch-bridge.ts';
import { AUTH_RATE_LIMITS, clientKey, type RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { Auth } from './better-auth.ts';
import { forwardCookies, toHeaders } from './headers.ts';
import type { AuthService, RequestContext } from './service.ts';

/** Who asks, from where, and when: the moment is read once per request, from the app's clock. */
export function requestContext(request: FastifyRequest): RequestContext {
  return { headers: toHeaders(request.headers, request.ip), ip: request.ip, now: request.server.clock.now() };
}

const ok = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  service: AuthService;
  limiter: RateLimiter;
  providers: string[];
}> = async (app, { auth, service, limiter, providers }) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags,
        summary: 'Sign up with email and password (captcha, optional referral code), then log in',
        body: signupSchema,
        response: { 201: z.object({ userId: z.uuid() }) },
      },
    },
    async (request, reply) => {
      await limiter.hit(AUTH_RATE_LIMITS.signupPerIp, clientKey(request.ip));
      const { result, headers } = await service.signUp(request.body, requestContext(request));
      forwardCookies(reply, headers);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary:
          'Log in with email and password (a new session); 429 after repeated failures from one client or on one account',
        body: loginSchema,
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const { headers } = await service.logIn(request.body, requestContext(request));
      forwardCookies(reply, headers);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'End the current session', response: { 200: ok } } },
    async (request, reply) => {
      if (request.viewer) forwardCookies(reply, (await service.logOut(requestContext(request))).headers);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verification-email',
    {
      schema: {
        tags,
        summary: 'Send the email-verification link again (at most 5 a day)',
        response: { 200: ok },
      },
    },
    async (request) => {
      await service.resendVerification(requireViewer(request), requestContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags,
        summary:
          'Verify an email address with the token of the emailed link (`t`); signed in, only a link of ' +
          'your own account (400 `reason: other-account` otherwise)',
        body: emailVerificationSchema,
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const { headers } = await service.verifyEmail(
        request.body.token,
        requestContext(request),
        request.viewer ?? undefined,
      );
      forwardCookies(reply, headers);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-recovery',
    {
      schema: {
        tags,
        summary: 'Email a password-reset link; 404 email-not-found for an unknown address',
        body: passwordRecoverySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await limiter.hit(AUTH_RATE_LIMITS.recoveryPerIp, clientKey(request.ip));
      await limiter.hit(AUTH_RATE_LIMITS.recoveryPerAccount, request.body.email.trim());
      await service.requestPasswordReset(request.body.email, requestContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        summary: 'Choose a new password with the token of the emailed link',
        body: passwordResetSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        summary: 'External identity providers enabled on this marketplace',
        response: { 200: z.object({ providers: z.array(z.string()) }) },
      },
    },
    async () => ({ providers }),
  );

  app.get(
    '/api/auth/providers/:provider/start',
    {
      schema: {
        tags,
        summary: 'Start signing in with Google or Facebook (redirects to the provider)',
        params: z.object({ provider: z.string() }),
        querystring: externalSignInQuerySchema,
      },
    },
    async (request, reply) => {
      if (!providers.includes(request.params.provider))
        throw new AppError('not-found', { title: 'Unknown provider' });
      const { headers, response } = await auth.api.signInSocial({
        body: {
          provider: request.params.provider,
          callbackURL: request.query.returnTo,
          newUserCallbackURL: `/confirm?returnTo=${encodeURIComponent(request.query.returnTo)}`,
          errorCallbackURL: '/login?error=external',
          disableRedirect: true,
        },
        headers: toHeaders(request.headers, request.ip),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      if (!response.url) throw new AppError('internal-error');
      return reply.redirect(response.url, 302);
    },
  );

  // The providers send people back here; better-auth checks state and PKCE and starts the session.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', (_request, _payload, done) => done(null));
    callbacks.route({
      method: ['GET', 'POST'],
      url: '/api/auth/callback/:provider',
      schema: { hide: true },
      handler: async (request, reply) => sendWebResponse(reply, await auth.handler(toWebRequest(request))),
    });
  });
};
