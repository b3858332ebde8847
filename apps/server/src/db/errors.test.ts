import { describe, expect, it } from 'vitest';
import { pgErrorCode, reportedByPostgres } from './errors.ts';

/** An error as pg's DatabaseError carries it, wrapped the way Drizzle wraps a failed query. */
function wrapped(fields: Record<string, unknown>): Error {
  return new Error('Failed query', { cause: Object.assign(new Error('from the server'), fields) });
}

describe('errors from PostgreSQL', () => {
  it('tells an error the server reported, which rolled the statement back, from a lost connection', () => {
    expect(reportedByPostgres(wrapped({ severity: 'ERROR', code: '23P01' }))).toBe(true);
    expect(pgErrorCode(wrapped({ severity: 'ERROR', code: '23P01' }))).toBe('23P01');
    // A socket's error: nothing says whether a commit sent before it was done.
    expect(reportedByPostgres(wrapped({ code: 'ECONNRESET', errno: -104 }))).toBe(false);
    expect(reportedByPostgres(new Error('Connection terminated unexpectedly'))).toBe(false);
    // The server ending the session (FATAL) says nothing about a commit either.
    expect(reportedByPostgres(wrapped({ severity: 'FATAL', code: '57P01' }))).toBe(false);
    expect(reportedByPostgres('not an error')).toBe(false);
  });
});
