import { money } from '@hora/core/money';
import type { MessageView } from '@hora/core/transactions';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { transactionMessages, transactions, users } from '../../db/schema/index.ts';

/** The two people of a transaction's conversation, with what decides whether they may still write. */
export interface Conversation {
  transactionId: string;
  customerId: string;
  providerId: string;
  people: ReadonlyMap<string, { banned: boolean; deleted: boolean }>;
}

function messageView(row: typeof transactionMessages.$inferSelect): MessageView {
  // The offers module writes the three offer columns together (the table's check constraint).
  const offer =
    row.offerKind !== null && row.offerAmount !== null && row.offerCurrency !== null
      ? { kind: row.offerKind, price: money(row.offerAmount, row.offerCurrency) }
      : null;
  return {
    id: row.id,
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    offer,
  };
}

/** The only place the messages module touches the database. */
export function messageRepository(db: Executor) {
  return {
    async conversation(transactionId: string): Promise<Conversation | undefined> {
      const [row] = await db
        .select({
          id: transactions.id,
          customerId: transactions.customerId,
          providerId: transactions.providerId,
        })
        .from(transactions)
        .where(eq(transactions.id, transactionId));
      if (!row) return undefined;
      const people = await db
        .select({ id: users.id, banned: users.banned, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, [row.customerId, row.providerId]));
      return {
        transactionId: row.id,
        customerId: row.customerId,
        providerId: row.providerId,
        people: new Map(people.map((p) => [p.id, { banned: p.banned, deleted: p.deletedAt !== null }])),
      };
    },

    /** Page `page` counted from the newest: its messages oldest first, and how many there are. */
    async page(
      transactionId: string,
      page: number,
      perPage: number,
    ): Promise<{ messages: MessageView[]; total: number }> {
      const where = eq(transactionMessages.transactionId, transactionId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(transactionMessages)
          .where(where)
          .orderBy(desc(transactionMessages.createdAt), desc(transactionMessages.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(transactionMessages).where(where),
      ]);
      return { messages: rows.reverse().map(messageView), total: total?.n ?? 0 };
    },

    async insert(message: {
      id: string;
      transactionId: string;
      senderId: string;
      content: string;
      createdAt: Date;
    }): Promise<MessageView> {
      const [row] = await db.insert(transactionMessages).values(message).returning();
      return messageView(row as typeof transactionMessages.$inferSelect);
    },

    async find(transactionId: string, messageId: string): Promise<MessageView | undefined> {
      const [row] = await db
        .select()
        .from(transactionMessages)
        .where(
          and(eq(transactionMessages.transactionId, transactionId), eq(transactionMessages.id, messageId)),
        );
      return row && messageView(row);
    },
  };
}
