import { z } from 'zod';

/** The channel the migration's triggers notify on (migration 0013, decision 0048). */
export const LIVE_CHANNEL = 'hora_live';

const transactionNotice = z.object({
  kind: z.enum(['transition', 'message']),
  transaction: z.guid(),
  customer: z.guid(),
  provider: z.guid(),
});
const sessionNotice = z.object({ kind: z.literal('session-ended'), session: z.guid() });
const noticeSchema = z.discriminatedUnion('kind', [transactionNotice, sessionNotice]);

/**
 * What a trigger announces: a transaction's new transition or message (who its parties are, never
 * what was said), or a session that ended.
 */
export type LiveNotice = z.infer<typeof noticeSchema>;
export type TransactionNotice = z.infer<typeof transactionNotice>;

/** A notification's payload, or null when it is not one of ours (logged by the caller). */
export function parseNotice(payload: string | undefined): LiveNotice | null {
  if (!payload) return null;
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
