/**
 * Facts about a person that other modules know, shown on the session user (spec part 1 §3) for the
 * missing-information reminder, the inbox default and its dot: listings, orders, a payout account,
 * sales awaiting an answer. Each module contributes a source; the account module does not need to
 * know their tables.
 */
export interface SessionFacts {
  hasListings: boolean;
  hasOrders: boolean;
  stripeConnected: boolean;
  /** Sales awaiting the person's answer (the inbox dot). */
  salesAwaiting: number;
}

export type SessionFactSource = (userId: string) => Promise<Partial<SessionFacts>>;

const NONE: SessionFacts = { hasListings: false, hasOrders: false, stripeConnected: false, salesAwaiting: 0 };

export async function sessionFactsOf(
  userId: string,
  sources: readonly SessionFactSource[],
): Promise<SessionFacts> {
  const parts = await Promise.all(sources.map((source) => source(userId)));
  return Object.assign({ ...NONE }, ...parts);
}
