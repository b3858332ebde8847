/**
 * The transactions API's service: its dependencies, the inputs its routes pass, and the service
 * assembled from its parts (checks, views, kept answers, the requests and the parties' transitions).
 */
import type { BreakdownView, TransactionListView, TransactionView } from '@hora/core/transactions';
import type { ChargesPort } from '../../adapters/payments/charges-port.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ImageUrls } from '../account/views.ts';
import type { SeatBookingsReader } from '../availability/bookings.ts';
import type { ListingImagesReader } from '../listings/ports.ts';
import { listingRepository } from '../listings/repository.ts';
import type { TransactionEngine } from './engine.ts';
import type { PayoutDestinations, PayoutReadiness, SavedCards } from './ports.ts';
import { transactionRepository } from './repository.ts';
import { bookingChecks } from './service-checks.ts';
import { keptAnswers } from './service-idempotency.ts';
import { newTransactions } from './service-requests.ts';
import { partyTransitions } from './service-transition.ts';
import { transactionViews } from './service-views.ts';

export type { KeptAnswer } from './service-idempotency.ts';

export interface TransactionsServiceDeps {
  db: Database;
  clock: Clock;
  engine: TransactionEngine;
  charges: ChargesPort;
  savedCards: SavedCards;
  payoutReadiness: PayoutReadiness;
  payoutDestinations: PayoutDestinations;
  bookings: SeatBookingsReader;
  images: ListingImagesReader;
  imageUrls: ImageUrls;
  /** Bookings a customer may have waiting for payment at once (`BOOKING_HOLDS.unpaidMax` unless set). */
  unpaidHoldsMax?: number;
}

export interface BookingTimes {
  listingId: string;
  bookingStart: Date;
  bookingEnd: Date;
  /** The enquiry the booking continues (issue 12): its customer only; its accepted price applies. */
  transactionId?: string | undefined;
}

export interface InitiateInput extends BookingTimes {
  transition: 'request-payment' | 'request-payment-after-enquiry';
  paymentMethod: 'default' | 'new';
  saveCard: boolean;
  message?: string | undefined;
}

/** What the service's parts share, built once per service (never per request). */
export interface ServiceContext {
  deps: TransactionsServiceDeps;
  repository: ReturnType<typeof transactionRepository>;
  listings: ReturnType<typeof listingRepository>;
}

/**
 * The transactions API's use cases (issue 11): price estimates, the booking request, the parties'
 * transitions and the read models. Every state change goes through the engine.
 */
export function transactionsService(deps: TransactionsServiceDeps) {
  const { db } = deps;
  const repository = transactionRepository(db);
  const listings = listingRepository(db);
  const context: ServiceContext = { deps, repository, listings };
  const checks = bookingChecks(context);
  const shown = transactionViews(context);
  const answers = keptAnswers(context);
  const { quote, enquiryOf, check } = checks;
  const { views, viewOf, roleOf } = shown;
  const { initiate, enquire } = newTransactions(context, checks, shown, answers);
  const { transition } = partyTransitions(context, shown, answers);

  return {
    /** The estimate; with `transactionId`, its customer's, at the enquiry's accepted price. */
    async lineItems(input: BookingTimes, viewer: Viewer | null = null): Promise<BreakdownView> {
      const enquiry = await enquiryOf(viewer, input);
      return (await quote(input, undefined, enquiry)).breakdown;
    },

    async speculate(viewer: Viewer, input: BookingTimes): Promise<{ breakdown: BreakdownView }> {
      return { breakdown: (await check(viewer, input, await enquiryOf(viewer, input))).breakdown };
    },

    initiate,
    enquire,
    transition,

    async show(viewer: Viewer, id: string): Promise<{ transaction: TransactionView }> {
      const stored = await repository.find(id);
      roleOf(viewer, stored);
      // What the party check read is the view's too: the row, booking and transitions once.
      return { transaction: await viewOf(viewer.id, id, undefined, stored) };
    },

    async list(
      viewer: Viewer,
      query: {
        only?: 'order' | 'sale' | undefined;
        page: number;
        perPage: number;
        lastTransitions?: string[] | undefined;
      },
    ): Promise<TransactionListView> {
      const { ids, total } = await repository.page(viewer.id, {
        only: query.only ?? null,
        lastTransitions:
          query.lastTransitions && query.lastTransitions.length > 0 ? query.lastTransitions : null,
        page: query.page,
        perPage: query.perPage,
      });
      const data = await views(viewer.id, await repository.findMany(ids));
      return {
        data,
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalItems: total,
          totalPages: Math.ceil(total / query.perPage),
        },
      };
    },

    /**
     * How many of a person's sales wait for their accept or decline (spec: sale notifications): the
     * session's `salesAwaiting` and `GET /api/transactions/awaiting-count`.
     */
    salesAwaiting(userId: string): Promise<number> {
      return repository.awaitingCount(userId);
    },
  };
}

export type TransactionsService = ReturnType<typeof transactionsService>;
