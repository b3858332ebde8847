/**
 * Facts about a person that other modules know, shown on the session user (spec part 1 §3) for the
 * missing-information reminder and the inbox default: listings, orders, a payout account. Each
 * module contributes a source; the account module does not need to know their tables.
 */
export interface SessionFacts {
  hasListings: boolean;
  hasOrders: boolean;
  stripeConnected: boolean;
}

export type SessionFactSource = (userId: string) => Promise<Partial<SessionFacts>>;

const NONE: SessionFacts = { hasListings: false, hasOrders: false, stripeConnected: false };

export async function sessionFactsOf(
  userId: string,
  sources: readonly SessionFactSource[],
): Promise<SessionFacts> {
  const parts = await Promise.all(sources.map((source) => source(userId)));
  return Object.assign({ ...NONE }, ...parts);
}
