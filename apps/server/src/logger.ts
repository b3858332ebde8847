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

const SENSITIVE = new Set<string>([...SENSITIVE_FIELDS, 'set-cookie']);
/** Levels below a log object's top whose sensitive fields are censored too: `*.field`, `*.*.field`. */
const CENSOR_DEPTH = 2;

/** A plain object or array: what a log call builds itself, as opposed to an instance a serializer reads. */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A log object with the value of every sensitive field censored, at its top and up to two levels
 * below, in plain objects and arrays (decision 0073). Copied only along the paths it censors, so a
 * caller's objects are never changed. Instances are left to the serializers, which keep only safe
 * fields of a request, a reply or an error.
 */
export function censorSensitive<T>(value: T, depth = 0): T {
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const censored = SENSITIVE.has(key)
      ? CENSOR
      : depth < CENSOR_DEPTH
        ? censorSensitive(item, depth + 1)
        : item;
    if (censored === item) continue;
    copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
    copy[key] = censored;
  }
  return (copy ?? value) as T;
}

/**
 * pino settings shared by the HTTP server, the CLI and the background jobs: JSON lines, and never a
 * secret or a person's data. Named fields are censored (`censorSensitive`, and the bindings of a
 * child logger at their top); errors keep their type, code and SQL text but lose the values bound to the query
 * (a failed query's message lists them) and the database's detail line; request URLs keep their
 * path and the names of their query parameters only (the links of emails carry tokens there).
 */
export function pinoOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    base: { app: 'hora' },
    // Below the top, `censorSensitive`; at it, pino's own censor too, since pino gives a child's
    // bindings to no formatter (pino's wildcard paths cost about 56 µs a line, decision 0073).
    formatters: { log: censorSensitive },
    redact: { paths: [...SENSITIVE], censor: CENSOR },
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
