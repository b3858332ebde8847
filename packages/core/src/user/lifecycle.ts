import type { ProcessState } from '../process/booking-process.ts';

/**
 * Where a booking still moves money (decision 0047): the customer's payment is being taken or is
 * held for the host's answer (`pending-payment`, `preauthorized`: the spec's "requested"), or the
 * host accepted and the booking is still ahead (`accepted`: captured, refundable by an operator's
 * cancel, paid out at completion). While a person is a party to one of these, as customer or as
 * provider, their account cannot be deleted. Enquiries and finished bookings (declined, expired,
 * canceled, delivered and reviewed) keep running with the "Deleted user" placeholder.
 */
export const ACCOUNT_DELETION_BLOCKING_STATES = [
  'pending-payment',
  'preauthorized',
  'accepted',
] as const satisfies readonly ProcessState[];

export function blocksAccountDeletion(state: ProcessState): boolean {
  return (ACCOUNT_DELETION_BLOCKING_STATES as readonly ProcessState[]).includes(state);
}

/**
 * The address a deleted account keeps: unique (the account's id), never deliverable (`.invalid` is
 * reserved by RFC 2606), and not the person's, so the address can sign up again.
 */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** Whether a person is shown at all: banned and deleted people are placeholders (spec part 1 §3). */
export function isHiddenUser(user: { banned?: boolean; deleted?: boolean }): boolean {
  return user.banned === true || user.deleted === true;
}
