import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

/** pino settings shared by the server and the CLI: JSON lines, secrets never logged. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
