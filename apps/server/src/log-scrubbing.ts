/**
 * What of an error, a URL or a log argument may be written to the log. Errors are rebuilt from an
 * allow-list of fields: anything else an error object carries (a failed query's bound values, the
 * database's `detail` with the conflicting row, a library's request body) stays out.
 */

const REDACTED = '[redacted]';
const MAX_CAUSES = 5;

/** Fields of an error that name what went wrong without carrying anyone's data. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
] as const;

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/** Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>". */
function isFailedQuery(error: Error): error is Error & { query: string; params: unknown[] } {
  return typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
}

/** A PostgreSQL server error (node-postgres' DatabaseError) carries a SQLSTATE and a severity. */
function isDatabaseError(error: Error): error is Error & { code: string } {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function safeMessage(error: Error): string {
  if (isFailedQuery(error)) return `Failed query: ${error.query}`;
  // Data exceptions (class 22) quote the offending input: 'invalid input syntax for type uuid: "…"'.
  if (isDatabaseError(error) && error.code.startsWith('22'))
    return error.message.replace(/"[^"]*"/g, REDACTED);
  return error.message;
}

/** The stack's frames under the safe message: the original first lines repeat the message. */
function safeStack(error: Error, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

export function safeError(value: unknown, depth = 0): SafeError | unknown {
  if (!(value instanceof Error)) return scrub(value);
  const message = safeMessage(value);
  const safe: SafeError = { type: value.constructor?.name ?? value.name, message };
  const stack = safeStack(value, message);
  if (stack) safe.stack = stack;
  for (const field of SAFE_ERROR_FIELDS) {
    const fieldValue = (value as unknown as Record<string, unknown>)[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number') safe[field] = fieldValue;
  }
  if (value.cause !== undefined && depth < MAX_CAUSES) {
    safe.cause = safeError(value.cause, depth + 1) as SafeError;
  }
  return safe;
}

/** A path with the names of its query parameters, never their values (tokens travel there). */
export function safeUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const names = new URLSearchParams(url.slice(index + 1)).keys();
  const query = [...new Set(names)].map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&');
  return `${url.slice(0, index)}?${query}`;
}

/**
 * Log arguments of libraries (better-auth passes what it was working on): errors as above, and of
 * plain data only its shape (types and keys), since any string could be an address or a token.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return safeError(value, depth);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length === 0 ? value : `[string ${value.length}]`;
  if (depth >= 3 || typeof value !== 'object') return `[${typeof value}]`;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}
