import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { paymentCustomers, users } from '../../db/schema/index.ts';

/** Which customer of the provider each person is (their saved card lives there). */
export function paymentCustomerRepository(db: Executor) {
  return {
    async find(userId: string, provider: 'sandbox' | 'stripe'): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.customerId;
    },

    /** Keeps the first customer recorded for the person; a later one (a lost race) is not kept. */
    async insert(row: typeof paymentCustomers.$inferInsert): Promise<void> {
      await db.insert(paymentCustomers).values(row).onConflictDoNothing();
    },

    async emailOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },
  };
}
