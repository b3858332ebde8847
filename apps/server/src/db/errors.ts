/** A PostgreSQL error's SQLSTATE, found on the error or one of its causes (Drizzle wraps pg's). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether PostgreSQL itself reported the error (pg's DatabaseError, severity ERROR, maybe wrapped by
 * Drizzle): the statement, and any transaction around it, rolled back. A lost connection is not.
 */
export function reportedByPostgres(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if ((cause as { severity?: unknown }).severity === 'ERROR') return true;
  }
  return false;
}

/** `statement_timeout` ended the statement (or a cancel request did). */
export const QUERY_CANCELED = '57014';
