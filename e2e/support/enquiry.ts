import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The e2e server's embedded database (a fresh cluster in its data folder): the port from the
 * cluster's `postmaster.pid` (its fourth line), the password from the file beside it.
 */
function databaseOf(dataDir: string): pg.Client {
  const pid = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'hora' });
}

/**
 * An enquiry of `customerId` about `listingId`, as the `enquire` transition leaves it (state
 * `enquiry`, one transition, the customer's first message, no booking nor money yet), written
 * straight to the e2e server's database. A stand-in for the listing page's "contact the host" form
 * while it is not on this branch: once it is, the journey sends the enquiry through that form.
 */
export async function createEnquiry(
  dataDir: string,
  input: { customerId: string; listingId: string; message: string },
): Promise<string> {
  const client = databaseOf(dataDir);
  await client.connect();
  const id = randomUUID();
  try {
    await client.query('begin');
    const listing = await client.query<{ author_id: string }>(
      'select author_id from listings where id = $1',
      [input.listingId],
    );
    const providerId = listing.rows[0]?.author_id;
    if (!providerId) throw new Error(`No listing ${input.listingId}`);
    // The server's clock may be a test clock moved ahead: the enquiry is dated by the database's.
    await client.query(
      `insert into transactions (id, listing_id, customer_id, provider_id, process_alias, state, last_transition,
         last_transitioned_at, created_at, line_items, payin_total, payout_total, currency, transfer_destination)
       values ($1, $2, $3, $4, 'flex-hourly-default-process/release-1', 'enquiry', 'enquire', now(), now(),
         '[]', 0, 0, 'EUR', '')`,
      [id, input.listingId, input.customerId, providerId],
    );
    await client.query(
      `insert into transaction_transitions (transaction_id, position, transition, "by", created_at)
       values ($1, 1, 'enquire', 'customer', now())`,
      [id],
    );
    await client.query(
      `insert into transaction_messages (transaction_id, sender_id, content, created_at) values ($1, $2, $3, now())`,
      [id, input.customerId, input.message],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
  return id;
}
