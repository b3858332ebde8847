import { describe, expect, it } from 'vitest';
import { visibleFieldErrors } from './field-errors.ts';

describe('visibleFieldErrors', () => {
  it('hides a browser-side error until its field is touched', () => {
    expect(visibleFieldErrors({ email: 'validation.required' }, new Set(), undefined)).toEqual({});
    expect(visibleFieldErrors({ email: 'validation.required' }, new Set(['email']), undefined)).toEqual({
      email: 'validation.required',
    });
  });

  it("keeps the server's errors, a touched field's own rule first", () => {
    expect(
      visibleFieldErrors({ email: 'validation.email.invalid' }, new Set(['email']), {
        email: 'errors.api.email-taken',
        currentPassword: 'errors.api.wrong-password',
      }),
    ).toEqual({ email: 'validation.email.invalid', currentPassword: 'errors.api.wrong-password' });
  });

  it("drops the server's error of a field edited since the submit", () => {
    const server = { email: 'errors.api.email-taken', currentPassword: 'errors.api.wrong-password' };
    expect(visibleFieldErrors({}, new Set(['email']), server, new Set(['email']))).toEqual({
      currentPassword: 'errors.api.wrong-password',
    });
  });
});
