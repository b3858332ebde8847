import {
  BOOKING_PROCESS,
  nextTransitions,
  type ProcessState,
  type Role,
  type TransitionName,
} from './booking-process.ts';
import { reviewTransitionFor } from './roles.ts';

export const PANEL_HEADING_STATES = [
  'enquired',
  'pending-payment',
  'payment-expired',
  'requested',
  'accepted',
  'declined',
  'canceled',
  'delivered',
] as const;
export type PanelHeadingState = (typeof PANEL_HEADING_STATES)[number];

export const INBOX_STATES = [
  'enquiry',
  'pending-payment',
  'payment-expired',
  'requested',
  'pending',
  'accepted',
  'declined',
  'canceled',
  'delivered',
] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** Display data per process state; `initial` has none (nothing has happened yet). */
const STATE_DISPLAY: Partial<
  Record<ProcessState, { heading: PanelHeadingState; inbox: Record<Role, InboxState>; actionBy?: Role }>
> = {
  enquiry: { heading: 'enquired', inbox: { customer: 'enquiry', provider: 'enquiry' } },
  'pending-payment': {
    heading: 'pending-payment',
    inbox: { customer: 'pending-payment', provider: 'pending-payment' },
    actionBy: 'customer',
  },
  'payment-expired': {
    heading: 'payment-expired',
    inbox: { customer: 'payment-expired', provider: 'payment-expired' },
  },
  // The customer sees the request they made; the provider sees it waiting on them.
  preauthorized: {
    heading: 'requested',
    inbox: { customer: 'requested', provider: 'pending' },
    actionBy: 'provider',
  },
  accepted: { heading: 'accepted', inbox: { customer: 'accepted', provider: 'accepted' } },
  declined: { heading: 'declined', inbox: { customer: 'declined', provider: 'declined' } },
  canceled: { heading: 'canceled', inbox: { customer: 'canceled', provider: 'canceled' } },
  delivered: { heading: 'delivered', inbox: { customer: 'delivered', provider: 'delivered' } },
  'reviewed-by-customer': { heading: 'delivered', inbox: { customer: 'delivered', provider: 'delivered' } },
  'reviewed-by-provider': { heading: 'delivered', inbox: { customer: 'delivered', provider: 'delivered' } },
  reviewed: { heading: 'delivered', inbox: { customer: 'delivered', provider: 'delivered' } },
};

function displayOf(lastTransition: string | null | undefined) {
  const definition =
    lastTransition && Object.hasOwn(BOOKING_PROCESS.transitions, lastTransition)
      ? BOOKING_PROCESS.transitions[lastTransition as TransitionName]
      : undefined;
  return definition ? STATE_DISPLAY[definition.to] : undefined;
}

/** Heading of the order/sale panel, from the last transition (spec part 1 §4). */
export function panelHeadingState(lastTransition: string | null | undefined): PanelHeadingState {
  const display = displayOf(lastTransition);
  if (!display) throw new Error('Unknown state given to panel heading');
  return display.heading;
}

export interface InboxDisplay {
  state: InboxState;
  /** The viewer has to do something (pay, or accept/decline). */
  actionNeeded: boolean;
}

export function inboxState(lastTransition: string | null | undefined, role: Role): InboxDisplay {
  const display = displayOf(lastTransition);
  if (!display) throw new Error(`Unknown transition for the inbox: ${lastTransition ?? 'none'}`);
  return { state: display.inbox[role], actionNeeded: display.actionBy === role };
}

export interface PanelContext {
  role: Role;
  customerBanned?: boolean;
  customerDeleted?: boolean;
  providerBanned?: boolean;
  providerDeleted?: boolean;
  listingDeleted?: boolean;
  /** The listing's publicData.negociation is 'yes'. */
  listingNegotiable?: boolean;
  /** The customer accepted a price offer in this transaction. */
  offerAccepted?: boolean;
}

export interface PanelView {
  headingState: PanelHeadingState;
  showBookingPanel: boolean;
  showSaleButtons: boolean;
  showAddress: boolean;
  canSendMessage: boolean;
  showOfferButton: boolean;
  reviewTransition: TransitionName | null;
  showListingLink: boolean;
}

const DELIVERED_OR_LATER: readonly ProcessState[] = [
  'delivered',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];

/** What the transaction panel shows for one viewer, derived from the process table. */
export function transactionPanelView(
  tx: { state: ProcessState; lastTransition: string | null },
  context: PanelContext,
): PanelView {
  const { role } = context;
  const isCustomer = role === 'customer';
  const negotiationHidesBooking = context.listingNegotiable === true && context.offerAccepted !== true;
  const partyGone =
    context.customerBanned || context.customerDeleted || context.providerBanned || context.providerDeleted;
  return {
    headingState: panelHeadingState(tx.lastTransition),
    showBookingPanel:
      isCustomer &&
      nextTransitions(tx.state, 'customer').includes('request-payment-after-enquiry') &&
      !context.providerBanned &&
      !negotiationHidesBooking,
    showSaleButtons:
      !isCustomer && nextTransitions(tx.state, 'provider').includes('accept') && !context.customerBanned,
    showAddress: isCustomer && (tx.state === 'accepted' || DELIVERED_OR_LATER.includes(tx.state)),
    canSendMessage: !partyGone,
    // The spec hides offers after 'complete-by-customer', which this process does not have:
    // we read it as "once the booking is completed".
    showOfferButton:
      context.listingNegotiable === true &&
      !isCustomer &&
      !DELIVERED_OR_LATER.includes(tx.state) &&
      !partyGone,
    reviewTransition: reviewTransitionFor(tx.state, role),
    showListingLink: context.listingDeleted !== true,
  };
}
