import {
  nextTransitions,
  type ProcessState,
  type Role,
  type TransitionName,
} from '../process/booking-process.ts';

/**
 * Who sees what of a transaction (issue 11): the rules the server applies when it builds a
 * `TransactionView` for one of the two parties.
 */

/** States after the host accepted, the cancelled one apart: the booking goes ahead or went ahead. */
const ADDRESS_STATES: readonly ProcessState[] = [
  'accepted',
  'delivered',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];

/** The listing's address: always for the provider; for the customer only once accepted or delivered. */
export function addressVisibleTo(role: Role, state: ProcessState): boolean {
  return role === 'provider' || ADDRESS_STATES.includes(state);
}

/** The payment's client secret: only the customer, only while the payment can still be confirmed. */
export function clientSecretVisibleTo(role: Role, state: ProcessState): boolean {
  return role === 'customer' && state === 'pending-payment';
}

/** The transitions a party runs over the API now (issue 12 adds the reviews and the enquiry's). */
export const CLIENT_TRANSITIONS: readonly TransitionName[] = ['confirm-payment', 'accept', 'decline'];

/**
 * The payment request after an enquiry: not a `/transitions` call but the booking request
 * (`POST /api/transactions` with the enquiry's id), so the server prices it. Listed among what the
 * customer may run, the booking panel's cue.
 */
export const ENQUIRY_BOOKING_TRANSITION: TransitionName = 'request-payment-after-enquiry';

/**
 * What the viewer may run now: their own transitions of the state, never the system's or the
 * operator's; a provider neither accepts nor declines a banned customer's request; a customer
 * books from an enquiry only while the provider is not banned.
 */
export function viewerTransitions(
  state: ProcessState,
  role: Role,
  customerBanned: boolean,
  providerBanned = false,
): TransitionName[] {
  return nextTransitions(state, role).filter(
    (name) =>
      (CLIENT_TRANSITIONS.includes(name) &&
        !(role === 'provider' && customerBanned && (name === 'accept' || name === 'decline'))) ||
      (name === ENQUIRY_BOOKING_TRANSITION && role === 'customer' && !providerBanned),
  );
}

/** A party's names as the other side sees them: empty for banned and deleted people. */
export function partyNames(
  user: { banned: boolean; deleted: boolean },
  names: { displayName: string; abbreviatedName: string },
): { displayName: string; abbreviatedName: string } {
  return user.banned || user.deleted ? { displayName: '', abbreviatedName: '' } : names;
}
