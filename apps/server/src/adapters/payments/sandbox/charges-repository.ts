import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.ts';
import {
  type SandboxIdempotentResponse,
  sandboxCustomers,
  sandboxIdempotencyKeys,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSetupIntents,
  sandboxTransfers,
} from '../../../db/schema/index.ts';

export type { SandboxBillingDetails, SandboxLastError } from '../../../db/schema/index.ts';

export type SandboxCustomerRow = typeof sandboxCustomers.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxPaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type SandboxSetupIntentRow = typeof sandboxSetupIntents.$inferSelect;

/** The sandbox's charges tables: what Stripe keeps of customers, cards, intents and money moved. */
export function sandboxChargesRepository(db: Executor) {
  return {
    /** Claims an idempotency key; undefined when it was already claimed (then read it with `findKey`). */
    async claimKey(row: typeof sandboxIdempotencyKeys.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(sandboxIdempotencyKeys)
        .values(row)
        .onConflictDoNothing({ target: sandboxIdempotencyKeys.key })
        .returning({ key: sandboxIdempotencyKeys.key });
      return inserted.length > 0;
    },

    async findKey(key: string) {
      const [row] = await db.select().from(sandboxIdempotencyKeys).where(eq(sandboxIdempotencyKeys.key, key));
      return row;
    },

    async answerKey(key: string, response: SandboxIdempotentResponse): Promise<void> {
      await db.update(sandboxIdempotencyKeys).set({ response }).where(eq(sandboxIdempotencyKeys.key, key));
    },

    async insertCustomer(row: typeof sandboxCustomers.$inferInsert): Promise<void> {
      await db.insert(sandboxCustomers).values(row);
    },

    async findCustomer(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<SandboxCustomerRow | undefined> {
      const query = db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string | null): Promise<void> {
      await db
        .update(sandboxCustomers)
        .set({ defaultPaymentMethodId: paymentMethodId })
        .where(eq(sandboxCustomers.id, customerId));
    },

    async insertPaymentMethod(row: typeof sandboxPaymentMethods.$inferInsert): Promise<void> {
      await db.insert(sandboxPaymentMethods).values(row);
    },

    async findPaymentMethod(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<SandboxPaymentMethodRow | undefined> {
      const query = db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async updatePaymentMethod(
      id: string,
      changes: Partial<Pick<SandboxPaymentMethodRow, 'customerId' | 'consumedAt'>>,
    ): Promise<void> {
      await db.update(sandboxPaymentMethods).set(changes).where(eq(sandboxPaymentMethods.id, id));
    },

    async insertPaymentIntent(
      row: typeof sandboxPaymentIntents.$inferInsert,
    ): Promise<SandboxPaymentIntentRow> {
      const [inserted] = await db.insert(sandboxPaymentIntents).values(row).returning();
      return inserted as SandboxPaymentIntentRow;
    },

    async findPaymentIntent(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<SandboxPaymentIntentRow | undefined> {
      const query = db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async updatePaymentIntent(
      id: string,
      changes: Partial<Omit<SandboxPaymentIntentRow, 'id' | 'clientSecret' | 'createdAt'>>,
    ): Promise<SandboxPaymentIntentRow> {
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set(changes)
        .where(eq(sandboxPaymentIntents.id, id))
        .returning();
      return row as SandboxPaymentIntentRow;
    },

    async insertRefund(row: typeof sandboxRefunds.$inferInsert): Promise<void> {
      await db.insert(sandboxRefunds).values(row);
    },

    async insertTransfer(row: typeof sandboxTransfers.$inferInsert): Promise<void> {
      await db.insert(sandboxTransfers).values(row);
    },

    async insertSetupIntent(row: typeof sandboxSetupIntents.$inferInsert): Promise<SandboxSetupIntentRow> {
      const [inserted] = await db.insert(sandboxSetupIntents).values(row).returning();
      return inserted as SandboxSetupIntentRow;
    },

    async findSetupIntent(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<SandboxSetupIntentRow | undefined> {
      const query = db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async updateSetupIntent(
      id: string,
      changes: Partial<Pick<SandboxSetupIntentRow, 'status' | 'paymentMethodId' | 'lastError' | 'updatedAt'>>,
    ): Promise<SandboxSetupIntentRow> {
      const [row] = await db
        .update(sandboxSetupIntents)
        .set(changes)
        .where(eq(sandboxSetupIntents.id, id))
        .returning();
      return row as SandboxSetupIntentRow;
    },
  };
}

export type SandboxChargesRepository = ReturnType<typeof sandboxChargesRepository>;
