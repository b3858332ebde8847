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
/**
 * Top-level fields whose serializers keep only safe fields of the instances logged there
 * (`pinoOptions`, and Fastify's for its reply): a request, a reply, an error.
 */
const SERIALIZED = new Set(['req', 'res', 'err', 'error', 'args']);

function isPlain(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * An object a log line writes as its own enumerable fields: anything but one that writes itself
 * (`toJSON`: a date, a buffer), so a copy of those fields writes the same.
 */
function isWrittenByFields(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * A logged value with every sensitive field censored, at its top and up to two levels below
 * (decision 0073). Copied only along the paths it censors, as a plain object or array (which writes
 * the same fields), so a caller's objects never change. An instance in a top-level field with a
 * serializer is left to it (copied, a request would lose what its serializer reads).
 */
export function censorSensitive<T>(value: T, depth = 0): T {
  if (!isWrittenByFields(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (depth === 0 && SERIALIZED.has(key) && isWrittenByFields(item) && !isPlain(item)) continue;
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
 * secret or a person's data. Named fields are censored (`censorSensitive`) in every argument of a
 * log call, the message's `%o` objects included, and in a child logger's bindings (`createLogger`);
 * errors keep their type, code and SQL text but lose the values bound to the query (a failed
 * query's message lists them) and the database's detail line; request URLs keep their path and the
 * names of their query parameters only (the links of emails carry tokens there).
 */
export function pinoOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    base: { app: 'hora' },
    // pino's `redact` with the same names as wildcard paths cost about 56 µs a line (decision 0073).
    // An error passed alone is pino's `err`, written by `safeError`.
    hooks: {
      logMethod(args, method) {
        const censored = args.map((arg) => (arg instanceof Error ? arg : censorSensitive(arg)));
        method.apply(this, censored as Parameters<typeof method>);
      },
    },
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
  const logger = destination ? pino(pinoOptions(config), destination) : pino(pinoOptions(config));
  // pino hands a child's bindings to no hook or formatter: censored on their way in. Children are
  // made from their parent (`this`), so theirs are too.
  const child = logger.child;
  logger.child = function (this: Logger, bindings, options) {
    return child.call(this, censorSensitive(bindings), options);
  } as typeof child;
  return logger;
}
