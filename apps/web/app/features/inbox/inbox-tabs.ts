import type { Role } from '@hora/core/process';
import type { TransactionListSide } from '@hora/core/transactions';

/** The inbox's two tabs (spec part 1 §2): orders are the customer's side, sales the provider's. */
export const INBOX_TABS = ['orders', 'sales'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

export function isInboxTab(value: unknown): value is InboxTab {
  return value === 'orders' || value === 'sales';
}

/** Spec part 2 §6: sales for people with listings, otherwise orders. */
export function defaultInboxTab(viewer: { hasListings: boolean } | null | undefined): InboxTab {
  return viewer?.hasListings ? 'sales' : 'orders';
}

/** Which transactions a tab lists (the API's `only`) and the viewer's role in them. */
export const TAB_SIDE: Record<InboxTab, { only: TransactionListSide; role: Role }> = {
  orders: { only: 'order', role: 'customer' },
  sales: { only: 'sale', role: 'provider' },
};

export function inboxPath(tab: InboxTab, page = 1): string {
  return page > 1 ? `/inbox/${tab}?page=${page}` : `/inbox/${tab}`;
}
