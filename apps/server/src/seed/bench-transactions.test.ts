import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inboxState } from '@hora/core/process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createLocalImageStorage } from '../adapters/storage/index.ts';
import { fillBenchListings } from './bench-listings.ts';
import { type BenchTransactionsResult, fillBenchTransactions } from './bench-transactions.ts';

const database = await createTestDatabase();
const now = new Date('2026-11-22T10:00:00Z');
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-sales-'));
let result: BenchTransactionsResult;

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  await fillBenchListings(database.db, {
    listings: 60,
    hosts: 6,
    now,
    storage: createLocalImageStorage({ uploadsDir }),
  });
  const [host] = await rows<{ email: string }>(sql`
    select u.email from users u join listings l on l.author_id = u.id
    where l.state = 'published' and l.price_amount is not null group by u.email order by count(*) desc limit 1`);
  result = await fillBenchTransactions(database.db, {
    hostEmail: host?.email as string,
    transactions: 400,
    now,
  });
}, 60_000);

afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

describe('fillBenchTransactions', () => {
  it('writes the sales asked for, with their transitions and three messages each', () => {
    expect(result.transactions).toBe(400);
    expect(result.messages).toBe(1200);
    // Paths of 5, 4, 3, 2 and 4 transitions for the past 340; 3 and 2 for the upcoming 60.
    expect(result.transitions).toBeGreaterThan(400 * 2);
    // A third of the upcoming sales await the host.
    expect(result.awaiting).toBe(20);
  });

  it('leaves each sale at the last of its transitions, in a state core can show in the inbox', async () => {
    const sales = await rows<{
      last_transition: string;
      last: string;
      positions: number[];
      times_ordered: boolean;
    }>(sql`
      select t.last_transition,
        (array_agg(tt.transition order by tt.position desc))[1] as last,
        array_agg(tt.position order by tt.position) as positions,
        bool_and(tt.created_at <= t.last_transitioned_at) as times_ordered
      from transactions t join transaction_transitions tt on tt.transaction_id = t.id
      where t.provider_id = ${result.hostId} group by t.id`);
    expect(sales).toHaveLength(400);
    for (const sale of sales) {
      expect(sale.last_transition).toBe(sale.last);
      expect(sale.positions).toEqual(sale.positions.map((_, index) => index + 1));
      expect(sale.times_ordered).toBe(true);
      expect(inboxState(sale.last_transition as never, 'provider').state).not.toBeNull();
    }
  });

  it('holds seats only for the upcoming accepted and awaiting sales, in the future', async () => {
    const [held] = await rows<{ holding: number; past: number }>(sql`
      select count(*) filter (where b.holds_seats)::int as holding,
        count(*) filter (where b.holds_seats and b.start < ${now.toISOString()}::timestamptz)::int as past
      from bookings b join transactions t on t.id = b.transaction_id where t.provider_id = ${result.hostId}`);
    expect(held).toEqual({ holding: 60, past: 0 });
  });
});
