import type { ListingImageView } from '@hora/core/listing';
import { money } from '@hora/core/money';
import { transactionRole } from '@hora/core/process';
import { createSlug } from '@hora/core/search';
import {
  addressVisibleTo,
  clientSecretVisibleTo,
  partyNames,
  type TransactionPartyView,
  type TransactionView,
  viewerTransitions,
} from '@hora/core/transactions';
import type { PaymentIntent } from '../../adapters/payments/charges-port.ts';
import { abbreviatedName, displayName, type ImageUrls } from '../account/views.ts';
import { avatarVariants } from '../images/index.ts';
import type { ListingRecord } from '../listings/record.ts';
import type { PaymentRow, StoredTransaction } from './repository.ts';

export interface PartyRow {
  id: string;
  firstName: string;
  lastName: string;
  image: string | null;
  banned: boolean;
  deletedAt: Date | null;
}

export function partyView(
  user: PartyRow | undefined,
  id: string,
  imageUrls: ImageUrls,
): TransactionPartyView {
  if (!user) return { id, displayName: '', abbreviatedName: '', banned: false, deleted: true, avatar: null };
  const flags = { banned: user.banned, deleted: user.deletedAt !== null };
  const hidden = flags.banned || flags.deleted;
  const avatar = hidden ? null : avatarVariants(user.image, imageUrls);
  return {
    id: user.id,
    ...partyNames(flags, { displayName: displayName(user), abbreviatedName: abbreviatedName(user) }),
    ...flags,
    avatar: avatar && { 'square-small': avatar['square-small'], 'square-small2x': avatar['square-small2x'] },
  };
}

/** What given back to the customer: refunds, and authorisations released after the money was held. */
function refunded(payments: readonly PaymentRow[], currency: string) {
  const back = payments.filter((p) => p.outcome === 'refunded' || (p.outcome === 'canceled' && p.amount > 0));
  return back.length === 0
    ? null
    : money(
        back.reduce((sum, p) => sum + p.amount, 0),
        currency,
      );
}

/**
 * A transaction as one of its two parties sees it (issue 11's rules in core's view-rules): the
 * address only for the provider, or the customer once accepted; names of banned and deleted people
 * left empty; the viewer's own next transitions; the client secret only for the customer while the
 * payment is pending (and only when the intent was read for this answer).
 */
export function transactionView(input: {
  stored: StoredTransaction;
  viewerId: string;
  listing: ListingRecord | undefined;
  images: ListingImageView[];
  parties: ReadonlyMap<string, PartyRow>;
  payments: readonly PaymentRow[];
  intent: PaymentIntent | null;
  imageUrls: ImageUrls;
}): TransactionView {
  const { stored, listing } = input;
  const row = stored.transaction;
  const role = transactionRole(input.viewerId, row);
  const customer = partyView(input.parties.get(row.customerId), row.customerId, input.imageUrls);
  const provider = partyView(input.parties.get(row.providerId), row.providerId, input.imageUrls);
  const showSecret = clientSecretVisibleTo(role, row.state) && input.intent !== null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    lastTransition: row.lastTransition,
    lastTransitionedAt: row.lastTransitionedAt.toISOString(),
    role,
    transitions: stored.transitions.map((t) => ({
      transition: t.transition,
      createdAt: t.createdAt.toISOString(),
      by: t.by,
    })),
    nextTransitions: viewerTransitions(row.state, role, customer.banned, provider.banned),
    listing: {
      id: row.listingId,
      title: listing?.title ?? '',
      slug: listing ? createSlug(listing.title) : '',
      deleted: listing === undefined,
      image: input.images[0] ?? null,
      address:
        listing && addressVisibleTo(role, row.state) && listing.address !== null
          ? { address: listing.address, building: listing.building }
          : null,
      timeZone: listing?.timeZone ?? 'Europe/Madrid',
    },
    customer,
    provider,
    booking: stored.booking
      ? { start: stored.booking.start.toISOString(), end: stored.booking.end.toISOString() }
      : null,
    lineItems: row.lineItems,
    payinTotal: row.payinTotal === null ? null : money(row.payinTotal, row.currency),
    payoutTotal: row.payoutTotal === null ? null : money(row.payoutTotal, row.currency),
    payment: {
      intentStatus: input.intent?.status ?? row.paymentIntentStatus,
      clientSecret: showSecret ? (input.intent?.clientSecret ?? null) : null,
      expiresAt: row.state === 'pending-payment' ? (row.paymentExpiresAt?.toISOString() ?? null) : null,
      refunded: refunded(input.payments, row.currency),
    },
  };
}
