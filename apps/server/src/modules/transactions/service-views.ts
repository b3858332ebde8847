/**
 * The read side of the service: a transaction as one of its parties sees it, batched for lists,
 * and which party the viewer is (anyone else is told the transaction does not exist).
 */

import { AppError } from '@hora/core/errors';
import type { ListingImageView } from '@hora/core/listing';
import type { Role } from '@hora/core/process';
import type { TransactionView } from '@hora/core/transactions';
import type { PaymentIntent } from '../../adapters/payments/charges-port.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ListingRecord } from '../listings/record.ts';
import type { PaymentRow, StoredTransaction } from './repository.ts';
import type { ServiceContext } from './service.ts';
import { type PartyRow, transactionView } from './views.ts';

/** What the views of a transaction just made need not read again. */
export interface KnownParts {
  listing?: ListingRecord;
  payments?: PaymentRow[];
  parties?: PartyRow[];
  images?: Map<string, ListingImageView[]>;
}

export function notFound(): AppError {
  return new AppError('not-found', { title: 'Transaction not found' });
}

export type TransactionViews = ReturnType<typeof transactionViews>;

export function transactionViews(context: ServiceContext) {
  const { deps, repository, listings } = context;
  const { charges } = deps;

  /** Views of stored transactions for one of their parties (batched reads; intents only when given). */
  async function views(
    viewerId: string,
    stored: StoredTransaction[],
    intents: ReadonlyMap<string, PaymentIntent> = new Map(),
    known: KnownParts = {},
  ): Promise<TransactionView[]> {
    const ids = stored.map((s) => s.transaction.id);
    const listingIds = [...new Set(stored.map((s) => s.transaction.listingId))];
    const partyIds = [
      ...new Set(stored.flatMap((s) => [s.transaction.customerId, s.transaction.providerId])),
    ];
    // What the caller read already (the listing a request was checked against; no payments yet
    // for a transaction just made) is not read again.
    const knownListing = known.listing;
    const [listingRows, images, parties, payments] = await Promise.all([
      knownListing && listingIds.length === 1 && listingIds[0] === knownListing.id
        ? [knownListing]
        : listings.findByIds(listingIds),
      known.images ?? deps.images.imagesOf(listingIds),
      known.parties && partyIds.every((id) => known.parties?.some((p) => p.id === id))
        ? known.parties
        : repository.partiesOf(partyIds),
      known.payments ?? repository.paymentsOf(ids),
    ]);
    const listingById = new Map(listingRows.map((l) => [l.id, l]));
    const partyById = new Map<string, PartyRow>(parties.map((p) => [p.id, p]));
    return stored.map((s) =>
      transactionView({
        stored: s,
        viewerId,
        listing: listingById.get(s.transaction.listingId),
        images: (images.get(s.transaction.listingId) ?? []) as ListingImageView[],
        parties: partyById,
        payments: payments.filter((p) => p.transactionId === s.transaction.id),
        intent: intents.get(s.transaction.id) ?? null,
        imageUrls: deps.imageUrls,
      }),
    );
  }

  /** One transaction as the viewer sees it, the intent read for the customer while payment is pending. */
  async function viewOf(
    viewerId: string,
    id: string,
    intent?: PaymentIntent,
    known?: StoredTransaction,
    knownParts: KnownParts = {},
  ): Promise<TransactionView> {
    const stored = known ?? (await repository.find(id));
    if (!stored) throw notFound();
    const row = stored.transaction;
    let read = intent;
    if (!read && row.customerId === viewerId && row.state === 'pending-payment' && row.paymentIntentId) {
      read = await charges.retrievePaymentIntent(row.paymentIntentId);
    }
    const [view] = await views(viewerId, [stored], read ? new Map([[id, read]]) : undefined, knownParts);
    return view as TransactionView;
  }

  function roleOf(viewer: Viewer, stored: StoredTransaction | undefined): Role {
    const row = stored?.transaction;
    if (!row) throw notFound();
    if (row.customerId === viewer.id) return 'customer';
    if (row.providerId === viewer.id) return 'provider';
    throw notFound();
  }

  return { views, viewOf, roleOf };
}
