import { describe, expect, it } from 'vitest';
import { hasLimitedAccess } from './session-user.ts';

describe('hasLimitedAccess', () => {
  it('is true only when user:limited is the one scope', () => {
    expect(hasLimitedAccess({ scopes: ['user:limited'] })).toBe(true);
    expect(hasLimitedAccess({ scopes: ['user'] })).toBe(false);
    expect(hasLimitedAccess({ scopes: ['user', 'user:limited'] })).toBe(false);
    expect(hasLimitedAccess(null)).toBe(false);
  });
});
