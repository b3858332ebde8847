/**
 * A loader or action that fails on a value no header can carry (a line break in a redirect target
 * taken from the URL) failed on the request's input, not on the server: the page answers 400.
 */
export function isUnsendableHeaderError(error: unknown): boolean {
  return error instanceof TypeError && /invalid header value/i.test(error.message);
}

/** The status of a document whose routes failed: 400 when every failure was the input's. */
export function documentStatus(status: number, errors: Record<string, unknown> | null | undefined): number {
  if (status !== 500 || !errors) return status;
  const failures = Object.values(errors);
  return failures.length > 0 && failures.every(isUnsendableHeaderError) ? 400 : status;
}
