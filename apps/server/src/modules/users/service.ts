import { AppError } from '@hora/core/errors';
import { deletedAccountEmail } from '@hora/core/user';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Clock } from '../../clock.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { AssertCurrentPassword } from '../account/current-password.ts';
import { newReferralCode } from '../auth/better-auth.ts';
import type { RequestContext } from '../auth/service.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';
import { type LifecycleUser, type OpenTransaction, userLifecycleRepository } from './repository.ts';

/** What a ban or an unban did, for the operator. */
export interface BanOutcome {
  user: LifecycleUser;
  /** False when the person already was (or was not) banned: nothing changed. */
  changed: boolean;
  sessionsRevoked: number;
  /** Listings closed by the ban, or opened again by the unban. */
  listings: string[];
}

export interface UserLifecycleDeps {
  db: Executor;
  clock: Clock;
  /** The search's free time of listings whose state the ban or deletion changes. */
  freeTime: FreeTimeRefresher;
}

export interface AccountDeletionDeps extends UserLifecycleDeps {
  /** The account settings' current-password check, under the log-in guessing limits. */
  assertCurrentPassword: AssertCurrentPassword;
  /** Avatar files go from the storage itself, not only their rows. */
  storage: Pick<ImageStorage, 'removePrefix'>;
  /** The saved card goes through the payments port (Stripe or the sandbox). */
  savedCard: { remove(userId: string): Promise<void> };
  log?: { warn(details: object, message: string): void };
}

function unknownUser(reference: string): AppError {
  return new AppError('not-found', { title: `No user ${reference}` });
}

/**
 * The operator's ban and unban (decision 0046). A ban ends the person's sessions, refuses their
 * log-in, and closes their published listings (marked, so that the unban opens those again and no
 * other); their transactions keep running, but a provider cannot accept or decline a banned
 * customer's request. Both are idempotent.
 */
export function userModeration(deps: UserLifecycleDeps) {
  const { db, freeTime } = deps;

  async function find(reference: string): Promise<LifecycleUser> {
    const user = await userLifecycleRepository(db).find(reference);
    if (!user) throw unknownUser(reference);
    return user;
  }

  return {
    async ban(reference: string): Promise<BanOutcome> {
      const found = await find(reference);
      return withTransaction(db, async (tx) => {
        const repository = userLifecycleRepository(tx);
        const user = (await repository.lock(found.id)) ?? found;
        if (user.deletedAt) {
          throw new AppError('conflict', { title: `User ${user.id} is deleted: there is nothing to ban` });
        }
        if (!user.banned) await repository.setBanned(user.id, true);
        // Also when already banned: a session made before the ban by a stale process goes too.
        const sessionsRevoked = await repository.revokeSessions(user.id);
        const closed = await repository.closeForBan(user.id);
        if (closed.length > 0) await freeTime.refresh(tx, closed);
        return { user: { ...user, banned: true }, changed: !user.banned, sessionsRevoked, listings: closed };
      });
    },

    async unban(reference: string): Promise<BanOutcome> {
      const found = await find(reference);
      return withTransaction(db, async (tx) => {
        const repository = userLifecycleRepository(tx);
        const user = (await repository.lock(found.id)) ?? found;
        if (!user.banned) return { user, changed: false, sessionsRevoked: 0, listings: [] };
        await repository.setBanned(user.id, false);
        const reopened = user.deletedAt ? [] : await repository.reopenAfterBan(user.id);
        if (reopened.length > 0) await freeTime.refresh(tx, reopened);
        return { user: { ...user, banned: false }, changed: true, sessionsRevoked: 0, listings: reopened };
      });
    },
  };
}

function deletionBlocked(open: readonly OpenTransaction[]): AppError {
  return new AppError('account-deletion-blocked', {
    meta: {
      transactions: open.map((t) => ({
        id: t.id,
        state: t.state,
        role: t.role,
        listingTitle: t.listingTitle,
        bookingStart: t.bookingStart?.toISOString() ?? null,
      })),
    },
  });
}

/**
 * A person deletes their own account (decision 0047): the current password first, then no booking
 * still open for money (core's `ACCOUNT_DELETION_BLOCKING_STATES`); the saved card is removed
 * through the payments port, then one transaction erases the personal data, the sessions and the
 * sign-in methods and closes the listings; the avatar files go last. Transactions and their
 * messages stay, with the "Deleted user" placeholder.
 */
export function accountDeletion(deps: AccountDeletionDeps) {
  const { db, clock, freeTime, storage } = deps;

  return {
    /** What would keep the account from being deleted now (the settings page lists them). */
    openTransactions(userId: string): Promise<OpenTransaction[]> {
      return userLifecycleRepository(db).openTransactions(userId);
    },

    async deleteAccount(viewer: Viewer, currentPassword: string, context: RequestContext): Promise<void> {
      await deps.assertCurrentPassword(viewer.id, currentPassword, context);
      const open = await userLifecycleRepository(db).openTransactions(viewer.id);
      if (open.length > 0) throw deletionBlocked(open);
      // A network call: before the transaction, and a failure leaves the account as it was.
      await deps.savedCard.remove(viewer.id);

      const avatarPrefixes = await withTransaction(db, async (tx) => {
        const repository = userLifecycleRepository(tx);
        const user = await repository.lock(viewer.id);
        if (!user || user.deletedAt) throw new AppError('unauthorized');
        // A booking that committed since the first look is seen here: the row lock does not stop it.
        const openNow = await repository.openTransactions(viewer.id);
        if (openNow.length > 0) throw deletionBlocked(openNow);
        const closed = await repository.closeForDeletion(viewer.id);
        if (closed.length > 0) await freeTime.refresh(tx, closed);
        const prefixes = await repository.removeAvatars(viewer.id);
        await repository.erase(viewer.id, {
          email: deletedAccountEmail(viewer.id),
          referralCode: newReferralCode(),
          at: clock.now(),
        });
        return prefixes;
      });

      const removals = await Promise.allSettled(avatarPrefixes.map((prefix) => storage.removePrefix(prefix)));
      removals.forEach((removal, index) => {
        if (removal.status === 'rejected') {
          deps.log?.warn(
            { err: removal.reason, prefix: avatarPrefixes[index] },
            'deleted account: avatar files not removed',
          );
        }
      });
    },
  };
}

export type UserModeration = ReturnType<typeof userModeration>;
export type AccountDeletion = ReturnType<typeof accountDeletion>;
