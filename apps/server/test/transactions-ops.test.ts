import { beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../src/modules/ops/index.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  paid,
  people,
  runPaymentActions,
  runTransition,
} from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(argv, {
    db: database.db,
    clock: b.clock,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('operator commands', () => {
  it('cancels an accepted transaction through the engine and refunds the customer', async () => {
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    await paid(b, guest, id);
    expect((await runTransition(b.app, host, id, 'accept')).statusCode).toBe(200);
    await runPaymentActions(b);

    const cancel = await ops('transactions:cancel', id);
    expect(cancel.code, cancel.err.join('\n')).toBe(0);
    expect(cancel.out[0]).toContain('is canceled');
    const stored = await b.engine.repository.find(id);
    expect(stored?.transaction.state).toBe('canceled');
    expect(stored?.booking?.holdsSeats).toBe(false);
    await runPaymentActions(b);

    const show = await ops('transactions:show', id);
    expect(show.code).toBe(0);
    const text = show.out.join('\n');
    expect(text).toContain(`Transaction ${id}  canceled`);
    expect(text).toMatch(/1\. .* request-payment {2}by customer/);
    expect(text).toMatch(/4\. .* cancel {2}by operator/);
    expect(text).toMatch(/accept\/capture {2}captured/);
    expect(text).toMatch(/cancel\/refund {2}refunded/);
  });

  it('refuses to cancel what is not accepted, and bad ids', async () => {
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    expect(await ops('transactions:cancel', id)).toMatchObject({ code: 1, err: ['Invalid transition'] });
    expect((await ops('transactions:show', 'nope')).code).toBe(1);
    expect((await ops('transactions:cancel')).err[0]).toBe('Usage: transactions:cancel <transaction-id>');
  });
});
