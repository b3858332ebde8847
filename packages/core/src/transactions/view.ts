import type { ListingImageView } from '../listing/views.ts';
import type { Money } from '../money/money.ts';
import type { LineItem } from '../pricing/line-items.ts';
import type { Actor, ProcessState, Role, TransitionName } from '../process/booking-process.ts';

/**
 * What the API answers about transactions (issue 11). The server builds these from its tables;
 * the web app renders them. Dates are ISO strings, money is integer minor units.
 */

/** A party as the other side sees it: banned and deleted users keep only their flags. */
export interface TransactionPartyView {
  id: string;
  /** Empty for banned and deleted users (the app shows its placeholder, see `userDisplay`). */
  displayName: string;
  abbreviatedName: string;
  banned: boolean;
  deleted: boolean;
  avatar: { 'square-small': string; 'square-small2x': string } | null;
}

/** The price breakdown: what the booking form estimates, checkout shows and the pages repeat. */
export interface BreakdownView {
  /** The booking unit's line and the commissions; computed only on the server. */
  lineItems: LineItem[];
  payinTotal: Money;
  payoutTotal: Money;
  booking: { start: string; end: string };
  /** The listing's zone: the breakdown's dates are shown in it. */
  timeZone: string;
}

export interface TransitionRecordView {
  transition: TransitionName;
  createdAt: string;
  by: Actor;
}

/** Where the payment stands, in the payments port's words (Stripe's intent states). */
export interface TransactionPaymentView {
  /** `requires_payment_method` … `requires_capture`, `succeeded`, `canceled`; null before an intent exists. */
  intentStatus: string | null;
  /** Only for the customer, only while the payment can still be confirmed. */
  clientSecret: string | null;
  /** While pending payment: when the 15-minute window closes. */
  expiresAt: string | null;
  /** Money given back to the customer (after decline, expire or cancel). */
  refunded: Money | null;
}

export interface TransactionView {
  id: string;
  createdAt: string;
  state: ProcessState;
  lastTransition: TransitionName | null;
  lastTransitionedAt: string;
  /** The viewer's role in this transaction. */
  role: Role;
  transitions: TransitionRecordView[];
  /** What the viewer may run now (never system or operator transitions). */
  nextTransitions: TransitionName[];
  listing: {
    id: string;
    /** Empty when deleted (the app shows its "deleted listing" text, without a link). */
    title: string;
    slug: string;
    deleted: boolean;
    image: ListingImageView | null;
    /** Address and building: always for the provider; for the customer only once accepted or delivered. */
    address: { address: string; building: string | null } | null;
    timeZone: string;
  };
  customer: TransactionPartyView;
  provider: TransactionPartyView;
  booking: { start: string; end: string } | null;
  lineItems: LineItem[];
  payinTotal: Money | null;
  payoutTotal: Money | null;
  payment: TransactionPaymentView;
}

/** One page of a viewer's transactions (inbox, and the has-orders check). */
export interface TransactionListView {
  data: TransactionView[];
  meta: { page: number; perPage: number; totalItems: number; totalPages: number };
}

/** Which transactions a list asks for. */
export type TransactionListSide = 'order' | 'sale';
