import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { registerApiNotFound, registerErrorHandling } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { loggerOptions } from './logger.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerWeb, type WebOptions } from './web/ssr.ts';

export interface AppDependencies {
  db: Database;
  /** Omitted by API tests that need no pages. */
  web?: WebOptions;
}

/** Builds the whole HTTP application without listening, so tests drive it with `app.inject`. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurity(app, config, { viteDevServer: deps.web?.mode === 'development' });
  await app.register(cookie);
  await registerOpenApi(app, config);

  await app.register(healthRoutes, { db: deps.db });
  registerApiNotFound(app);

  if (deps.web) await registerWeb(app, config, deps.web);
  return app;
}
