import { AppError } from '@hora/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/index.ts';
import { apiErrorSchema } from '../../http/errors.ts';

const publicConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('altcha') }),
  z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
]);

const challengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().describe('Hex SHA-256 of `salt + number`'),
  maxnumber: z.number().int().describe('The number searched is in 0..maxnumber'),
  salt: z.string().describe('Random hex followed by `?expires=<unix seconds>&`'),
  signature: z.string().describe('Hex HMAC-SHA256 of `challenge`'),
});

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: Captcha }> = async (app, { captcha }) => {
  app.get(
    '/api/captcha/config',
    {
      schema: {
        tags: ['captcha'],
        summary: 'Which captcha the sign-up form shows',
        description:
          'ALTCHA (self-hosted proof of work) by default; reCAPTCHA with its site key when configured.',
        response: { 200: publicConfigSchema },
      },
    },
    async () => captcha.publicConfig,
  );

  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A new ALTCHA proof-of-work challenge',
        description:
          'Solve by finding `number` with SHA-256(salt + number) = challenge, then send base64(JSON ' +
          '{algorithm, challenge, number, salt, signature}) as the captcha token. Each challenge is ' +
          'accepted once and expires after 10 minutes. 404 when reCAPTCHA is configured.',
        response: { 200: challengeSchema, 404: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const challenge = await captcha.createChallenge();
      if (!challenge) throw new AppError('not-found', { title: 'No proof-of-work captcha is configured' });
      // A challenge is single-use: no shared or browser cache may hand the same one out twice.
      reply.header('cache-control', 'no-store');
      return challenge;
    },
  );
};
