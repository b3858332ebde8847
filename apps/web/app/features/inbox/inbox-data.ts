import { PAGE_SIZES } from '@hora/core/config';
import { type InboxState, inboxState } from '@hora/core/process';
import type { TransactionListView, TransactionPartyView, TransactionView } from '@hora/core/transactions';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requestedPage } from '../manage-listings/manage-page.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { defaultInboxTab, type InboxTab, inboxPath, isInboxTab, TAB_SIDE } from './inbox-tabs.ts';

type Context = Pick<WebContext, 'api' | 'viewer'>;

/** One row of the inbox: only what the row shows (the page's data stays small). */
export interface InboxRow {
  id: string;
  href: string;
  /** The other party: the provider on an order, the customer on a sale. */
  other: TransactionPartyView;
  listing: { title: string; deleted: boolean };
  booking: { start: string; end: string } | null;
  timeZone: string;
  /** Null only for a transition core does not know (the row then shows no state). */
  state: InboxState | null;
  /** The viewer has something to do: a sale to accept or decline, a payment to finish. */
  actionNeeded: boolean;
}

export interface InboxData {
  tab: InboxTab;
  page: number;
  /** Null when the query failed: a state of the page, not an error page. */
  result: { rows: InboxRow[]; totalPages: number; totalItems: number } | null;
}

export function inboxRow(transaction: TransactionView): InboxRow {
  const role = transaction.role;
  let display: { state: InboxState | null; actionNeeded: boolean } = { state: null, actionNeeded: false };
  try {
    display = inboxState(transaction.lastTransition, role);
  } catch (error) {
    console.error(error);
  }
  return {
    id: transaction.id,
    href: transactionPagePath(role, transaction.id),
    other: role === 'customer' ? transaction.provider : transaction.customer,
    listing: { title: transaction.listing.title, deleted: transaction.listing.deleted },
    booking: transaction.booking,
    timeZone: transaction.listing.timeZone,
    state: display.state,
    actionNeeded: display.actionNeeded,
  };
}

/**
 * `/inbox/:tab` (signed-in only): the tab's transactions, most recently changed first, 10 a page
 * (spec part 2 §7 transactions query, §9). An unknown tab is the not-found page; a page past the
 * last one goes to the last one.
 */
export async function loadInbox(
  request: Request,
  params: { tab?: string },
  context: Context,
): Promise<InboxData> {
  requireViewer(request, context);
  const tab = params.tab;
  if (!isInboxTab(tab)) throw data(null, { status: 404 });
  const page = requestedPage(new URL(request.url));
  const query = new URLSearchParams({
    only: TAB_SIDE[tab].only,
    page: String(page),
    perPage: String(PAGE_SIZES.inbox),
  });
  const answer = await context.api<TransactionListView>(`/api/transactions?${query}`);
  if (answer.status !== 200) return { tab, page, result: null };
  const { meta } = answer.data;
  if (meta.totalPages >= 1 && page > meta.totalPages) throw redirect(inboxPath(tab, meta.totalPages));
  return {
    tab,
    page,
    result: {
      rows: answer.data.data.map(inboxRow),
      totalPages: meta.totalPages,
      totalItems: meta.totalItems,
    },
  };
}

/** `/inbox`: the default tab, from the session's `hasListings` (spec part 2 §6). */
export async function loadInboxDefault(request: Request, context: Context): Promise<never> {
  requireViewer(request, context);
  const session = await context.api<{ user: { hasListings: boolean } | null }>('/api/session');
  throw redirect(inboxPath(defaultInboxTab(session.status === 200 ? session.data.user : null)));
}
