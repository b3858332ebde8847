import { AppError } from '@hora/core/errors';
import type { PasswordGuard } from '../auth/password-guard.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { RequestContext } from '../auth/service.ts';
import type { AccountRepository } from './repository.ts';

function wrongPassword(): AppError {
  return new AppError('wrong-password', {
    title: 'The current password is not correct',
    meta: { field: 'currentPassword' },
  });
}

/**
 * The current-password check of account settings (spec part 2 §5.2), under the same guessing limits
 * as log-in. A missing password, or an account without one, is refused without counting: there is
 * nothing to guess.
 */
export function currentPasswordCheck(deps: { accounts: AccountRepository; passwordGuard: PasswordGuard }) {
  const { accounts, passwordGuard } = deps;
  return async function assertCurrentPassword(
    userId: string,
    password: string | undefined,
    context: RequestContext,
  ): Promise<void> {
    const hash = await accounts.passwordHash(userId);
    if (!password || !hash) throw wrongPassword();
    const attempt = await passwordGuard.check(userId, context.ip);
    if (!(await verifyPassword(hash, password))) throw wrongPassword();
    await attempt.succeeded();
  };
}

export type AssertCurrentPassword = ReturnType<typeof currentPasswordCheck>;
