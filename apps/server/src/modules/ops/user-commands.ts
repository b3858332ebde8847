import { AppError } from '@hora/core/errors';
import { freeTimeRefresher } from '../search/free-time.ts';
import { seatBookingsReader } from '../transactions/repository.ts';
import { type BanOutcome, userModeration } from '../users/index.ts';
import type { OpsCommand, OpsContext } from './command.ts';

function reference(args: readonly string[], usage: string): string {
  const value = args[0]?.trim() ?? '';
  if (args.length !== 1 || value === '') throw new AppError('validation-invalid-params', { title: usage });
  return value;
}

function moderation({ db, clock }: OpsContext) {
  return userModeration({
    db,
    clock,
    freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }),
  });
}

const who = ({ user }: BanOutcome) => `User ${user.id} <${user.email}>`;

/** Decision 0046: the operator bans and unbans people (by id or email); both can be run again safely. */
export const userCommands: Record<string, OpsCommand> = {
  'users:ban': {
    args: '<user-id|email>',
    summary: 'Ban a person: sessions ended, log-in refused, published listings closed until unbanned',
    async run(args, context) {
      const outcome = await moderation(context).ban(reference(args, 'Usage: users:ban <user-id|email>'));
      context.print(outcome.changed ? `${who(outcome)} is banned.` : `${who(outcome)} was already banned.`);
      context.print(`  sessions ended     ${outcome.sessionsRevoked}`);
      context.print(`  listings closed    ${outcome.listings.length}${listed(outcome.listings)}`);
    },
  },

  'users:unban': {
    args: '<user-id|email>',
    summary: 'Lift a ban: log-in allowed again, the listings the ban closed published again',
    async run(args, context) {
      const outcome = await moderation(context).unban(reference(args, 'Usage: users:unban <user-id|email>'));
      context.print(
        outcome.changed ? `${who(outcome)} is no longer banned.` : `${who(outcome)} was not banned.`,
      );
      context.print(`  listings reopened  ${outcome.listings.length}${listed(outcome.listings)}`);
    },
  },
};

function listed(ids: readonly string[]): string {
  return ids.length === 0 ? '' : `: ${ids.join(', ')}`;
}
