import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { messageNotifications } from '../../db/schema/index.ts';

/**
 * Takes the conversation's notification turn for a message: true when nobody was told about this
 * conversation in the interval (the row moves to this message), or when the turn is already this
 * message's (a retried job finishes what it started). One conditional upsert, so two messages'
 * jobs at once cannot both pass. `notBefore` is the claim's time minus the interval (the app's clock).
 */
export async function claimMessageNotification(
  db: Executor,
  claim: { transactionId: string; recipientId: string; messageId: string; at: Date; notBefore: Date },
): Promise<boolean> {
  const table = messageNotifications;
  const rows = await db
    .insert(table)
    .values({
      transactionId: claim.transactionId,
      recipientId: claim.recipientId,
      messageId: claim.messageId,
      lastNotifiedAt: claim.at,
    })
    .onConflictDoUpdate({
      target: [table.transactionId, table.recipientId],
      set: {
        messageId: sql`excluded.message_id`,
        // A retry of the same message keeps the time of its first run.
        lastNotifiedAt: sql`case when ${table.messageId} = excluded.message_id then ${table.lastNotifiedAt} else excluded.last_notified_at end`,
      },
      setWhere: sql`${table.messageId} = excluded.message_id or ${table.lastNotifiedAt} <= ${claim.notBefore.toISOString()}::timestamptz`,
    })
    .returning({ messageId: table.messageId });
  return rows.length === 1;
}
