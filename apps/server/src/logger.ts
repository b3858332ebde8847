import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';
import { safeError, safeUrl, scrub } from './log-scrubbing.ts';

const CENSOR = '[redacted]';

/** Fields that hold secrets or personal data, wherever a log call puts them (two levels deep). */
const SENSITIVE_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'captcha',
  'email',
  'newEmail',
  'pendingEmail',
  'phone',
  'phoneNumber',
  'firstName',
  'lastName',
  'secret',
  'secretKey',
  'authToken',
  'bankAccount',
  'personalIdNumber',
  'ssnLast4',
  'cookie',
  'authorization',
];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * pino settings shared by the HTTP server, the CLI and the background jobs: JSON lines, and never a
 * secret or a person's data. Named fields are redacted; errors keep their type, code and SQL text
 * but lose the values bound to the query (a failed query's message lists them) and the database's
 * detail line; request URLs keep their path and the names of their query parameters only (the
 * links of emails carry tokens there).
 */
export function pinoOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    base: { app: 'hora' },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      err: safeError,
      error: safeError,
      args: (args: unknown) => scrub(args),
      req: (request: { method?: string; url?: string; ip?: string; host?: string }) => ({
        method: request.method,
        url: request.url === undefined ? undefined : safeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'env'>,
  destination?: DestinationStream,
): Logger {
  return destination ? pino(pinoOptions(config), destination) : pino(pinoOptions(config));
}
