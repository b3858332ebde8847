import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Captcha, createCaptcha } from './adapters/captcha/index.ts';
import { createLocalImageStorage, type ImageStorage, registerUploads } from './adapters/storage/index.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { registerCompression } from './http/compression.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { registerApiNotFound, registerErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { registerSecurity } from './http/security.ts';
import { loggerOptions } from './logger.ts';
import { accountRepository } from './modules/account/repository.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { accountService } from './modules/account/service.ts';
import { createAuth, sessionCookieName } from './modules/auth/better-auth.ts';
import { outboxAuthEmails } from './modules/auth/emails.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authService } from './modules/auth/service.ts';
import { registerSessionResolution } from './modules/auth/session.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { registerDevMailbox } from './modules/email/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { avatarRoutes } from './modules/images/index.ts';
import { registerWebAssets, registerWebPages, type WebOptions } from './web/ssr.ts';

export interface AppDependencies {
  db: Database;
  /** Omitted by API tests that need no pages. */
  web?: WebOptions;
  /** Tests replace the captcha (and the clock of rate limits); production builds them from config. */
  captcha?: Captcha;
  storage?: ImageStorage;
  clock?: () => Date;
}

/** Builds the whole HTTP application without listening, so tests drive it with `app.inject`. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurity(app, config, { viteDevServer: deps.web?.mode === 'development' });
  await app.register(cookie);
  await registerOpenApi(app, config);

  const { db } = deps;
  const cookieName = sessionCookieName(config);
  const auth = createAuth({ config, db, emails: outboxAuthEmails(config, db), logger: app.log });
  const captcha = deps.captcha ?? createCaptcha(config, db);
  const storage = deps.storage ?? createLocalImageStorage({ uploadsDir: config.uploadsDir });
  const accounts = accountRepository(db);
  const limiter = new RateLimiter(db, deps.clock);
  // Files (uploads, the client build) are served outside the session and CSRF hooks below: one page
  // view fetches a dozen of them, each carrying the session cookie, and none needs to know who asks.
  await registerUploads(app, { uploadsDir: config.uploadsDir });
  const pages = deps.web ? await registerWebAssets(app, deps.web) : undefined;
  // After the files (served precompressed as built), before every response rendered per request.
  await registerCompression(app);

  await app.register(async (scope) => {
    registerCsrfProtection(scope, { publicUrl: config.publicUrl, sessionCookieName: cookieName });
    registerSessionResolution(scope, { auth, cookieName });
    await scope.register(healthRoutes, { db });
    await scope.register(authRoutes, {
      auth,
      service: authService({ auth, db, accounts, captcha: captcha.verifier }),
      limiter,
      providers: config.auth.providers.map((provider) => provider.id),
    });
    await scope.register(accountRoutes, { service: accountService({ auth, accounts }) });
    await scope.register(captchaRoutes, { captcha });
    await scope.register(avatarRoutes, { db, storage });
    await registerDevMailbox(scope, { db, env: config.env });
    registerApiNotFound(scope);
    if (pages) await registerWebPages(scope, { app, handle: pages, config });
  });
  return app;
}
