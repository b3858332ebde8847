import type { SessionUser } from '@hora/core/session';

/** Spec part 1 §2: a session whose only scope is `user:limited` (an operator acting as the user). */
export function hasLimitedAccess(user: Pick<SessionUser, 'scopes'> | null): boolean {
  return user !== null && user.scopes.length === 1 && user.scopes[0] === 'user:limited';
}
