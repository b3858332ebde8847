import { describe, expect, it } from 'vitest';
import { documentStatus, isUnsendableHeaderError } from './error-status.ts';

/** What a loader throws when it redirects to a path with a line break in it. */
function redirectError(to: string): unknown {
  try {
    new Headers({ Location: to });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('document status', () => {
  it('recognises the error of a redirect to a path with a line break', () => {
    expect(isUnsendableHeaderError(redirectError('/a\nb'))).toBe(true);
    expect(isUnsendableHeaderError(redirectError('/a\r\nSet-Cookie: x=1'))).toBe(true);
    expect(isUnsendableHeaderError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isUnsendableHeaderError(new Error('invalid header value'))).toBe(false);
  });

  it('answers 400 when every route failed on an unsendable header, 500 otherwise', () => {
    expect(documentStatus(500, { 'routes/auth': redirectError('/a\nb') })).toBe(400);
    expect(documentStatus(500, { 'routes/auth': redirectError('/a\nb'), root: new Error('db down') })).toBe(
      500,
    );
    expect(documentStatus(500, { root: new Error('db down') })).toBe(500);
    expect(documentStatus(500, null)).toBe(500);
    expect(documentStatus(404, { root: redirectError('/a\nb') })).toBe(404);
    expect(documentStatus(200, undefined)).toBe(200);
  });
});
