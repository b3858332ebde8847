import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsSender, outboxSms, type SmsSender } from '../src/adapters/sms/index.ts';
import { TestClock } from '../src/clock.ts';
import { emailOutbox, smsOutbox, users } from '../src/db/schema/index.ts';
import { emailDeliveryJob } from '../src/jobs/email-delivery.ts';
import { createEmailDispatcher } from '../src/modules/email/index.ts';
import {
  type NotificationDependencies,
  type TransactionFacts,
  transactionNotificationsJob,
} from '../src/modules/notifications/index.ts';
import { createTestDatabase } from './database.ts';
import { clearOutbox, insertEmailUser } from './email-fixtures.ts';
import { startFakeTwilio } from './fake-twilio.ts';
import { recordingLogger, startTestRunner } from './jobs.ts';

const { db, pool } = await createTestDatabase();
// Declares the email delivery queue (without working it), as every process does at start.
await startTestRunner(
  pool,
  [
    emailDeliveryJob(
      createEmailDispatcher({
        db,
        transport: undefined,
        from: 'x@hora.test',
        logger: recordingLogger().logger,
      }),
    ),
  ],
  { work: false },
);
const SID = `AC${'f'.repeat(32)}`;
const twilio = await startFakeTwilio({ sid: SID, token: 'tok' });
afterAll(() => twilio.close());

const customerId = await insertEmailUser(db, { email: 'ana@example.com', firstName: 'Ana', locale: 'en' });
const providerId = await insertEmailUser(db, {
  email: 'lucia@example.com',
  firstName: 'Lucía',
  locale: 'es',
});
await db.update(users).set({ lastName: 'Ruiz' }).where(eq(users.id, customerId));
await db.update(users).set({ phoneNumber: '+34600111222' }).where(eq(users.id, providerId));

const TX_ID = randomUUID();

function facts(overrides: Partial<TransactionFacts> = {}): TransactionFacts {
  return {
    id: TX_ID,
    customerId,
    providerId,
    listing: { id: randomUUID(), title: 'Sala luminosa', timeZone: 'Europe/Madrid' },
    // Monday 24 November 2025, 10:00–12:00 in Madrid.
    booking: { start: new Date('2025-11-24T09:00:00Z'), end: new Date('2025-11-24T11:00:00Z') },
    lineItems: [
      {
        code: 'line-item/units',
        includeFor: ['customer', 'provider'],
        unitPrice: { amount: 2500, currency: 'EUR' },
        quantity: 2,
        lineTotal: { amount: 5000, currency: 'EUR' },
        reversal: false,
      },
      {
        code: 'line-item/customer-commission',
        includeFor: ['customer'],
        unitPrice: { amount: 5000, currency: 'EUR' },
        percentage: 10,
        lineTotal: { amount: 500, currency: 'EUR' },
        reversal: false,
      },
      {
        code: 'line-item/provider-commission',
        includeFor: ['provider'],
        unitPrice: { amount: 5000, currency: 'EUR' },
        percentage: -10,
        lineTotal: { amount: -500, currency: 'EUR' },
        reversal: false,
      },
    ],
    payinTotal: { amount: 5500, currency: 'EUR' },
    firstMessage: '¿Hay proyector?',
    ...overrides,
  };
}

function job(options: { sms?: SmsSender; facts?: TransactionFacts | null } = {}) {
  const log = recordingLogger();
  const reads: string[] = [];
  const deps: NotificationDependencies = {
    db,
    clock: new TestClock('2025-11-20T10:00:00Z'),
    facts: {
      async find(id) {
        reads.push(id);
        return options.facts === undefined ? facts() : options.facts;
      },
      message: async () => null,
    },
    sms: options.sms ?? outboxSms,
    publicUrl: 'https://hora.test',
    marketplaceName: 'Hora',
    logger: log.logger,
  };
  const definition = transactionNotificationsJob(deps);
  return {
    definition,
    lines: log.lines,
    reads,
    run: (transition: string) =>
      definition.handle({ transactionId: TX_ID, transition }, { id: 'j', retryCount: 0 }),
  };
}

async function emails() {
  return db
    .select({
      template: emailOutbox.template,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      locale: emailOutbox.locale,
    })
    .from(emailOutbox)
    .orderBy(emailOutbox.template, emailOutbox.toAddress);
}

async function deliveryJobs(): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'email.deliver'`,
  );
  return (result.rows[0] as { n: number }).n;
}

async function smsRows() {
  return db.select().from(smsOutbox).orderBy(smsOutbox.createdAt);
}

beforeEach(async () => {
  await clearOutbox(db);
  await db.execute(sql`delete from sms_outbox`);
  await db.execute(sql`delete from pgboss.job where name = 'email.deliver'`);
  await db.update(users).set({ deletedAt: null }).where(eq(users.id, customerId));
});

describe('transactions.notify', () => {
  it('is the job the engine queues', () => {
    expect(job().definition.name).toBe('transactions.notify');
  });

  it('at confirm-payment, emails the host the request with a link to the sale and the message, the customer a receipt, and keeps the host’s SMS', async () => {
    await job().run('confirm-payment');
    const written = await emails();
    expect(written.map((email) => [email.template, email.to, email.locale])).toEqual([
      ['transaction-new-request', 'lucia@example.com', 'es'],
      ['transaction-receipt', 'ana@example.com', 'en'],
    ]);
    const [request, receipt] = written;
    expect(request!.subject).toBe('Hora: nueva solicitud de reserva de Ana R. en Sala luminosa');
    expect(request!.text).toContain(`https://hora.test/sale/${TX_ID}/details`);
    expect(request!.text).toContain('> ¿Hay proyector?');
    expect(request!.text).toContain('Reserva: lun, 24 nov 2025, 10:00–12:00 (Europe/Madrid)');
    expect(receipt!.text).toContain(`https://hora.test/order/${TX_ID}/details`);
    // The customer's lines only: hours × price, the service fee and the total, in English.
    expect(receipt!.text).toContain('2 h × €25.00: €50.00');
    expect(receipt!.text).toContain('Service fee: €5.00');
    expect(receipt!.text).toContain('Total: €55.00');
    expect(receipt!.text).not.toContain('-€5.00');
    expect(await deliveryJobs()).toBe(2);

    const [sms] = await smsRows();
    expect(sms).toMatchObject({ toNumber: '+34600111222', status: 'kept', userId: providerId });
    expect(sms!.body).toBe(
      `Hora: nueva reserva de Ana R. en Sala luminosa, lun, 24 nov 2025, 10:00–12:00 (Europe/Madrid). Acéptala o recházala: https://hora.test/sale/${TX_ID}/details`,
    );
  });

  it('writes each email and SMS once when the job runs again, also at the same time', async () => {
    const notify = job();
    await notify.run('confirm-payment');
    await notify.run('confirm-payment');
    await Promise.all([notify.run('confirm-payment'), notify.run('confirm-payment')]);
    expect(await emails()).toHaveLength(2);
    expect(await deliveryJobs()).toBe(2);
    expect(await smsRows()).toHaveLength(1);
  });

  it.each([
    ['accept', 'transaction-accepted', 'Hora: your booking of Sala luminosa is accepted'],
    ['decline', 'transaction-declined', 'Hora: your booking request for Sala luminosa was declined'],
    ['expire', 'transaction-expired', 'Hora: your booking request for Sala luminosa expired'],
    [
      'expire-payment',
      'transaction-payment-expired',
      'Hora: the payment for your booking of Sala luminosa was not completed',
    ],
    ['cancel', 'transaction-canceled', 'Hora: your booking of Sala luminosa was canceled'],
  ])('at %s, emails the customer only (%s)', async (transition, template, subject) => {
    await job().run(transition);
    await job().run(transition);
    expect((await emails()).map((email) => [email.template, email.to, email.subject])).toEqual([
      [template, 'ana@example.com', subject],
    ]);
    expect(await smsRows()).toEqual([]);
  });

  it('at complete, emails both, each in their language', async () => {
    await job().run('complete');
    expect((await emails()).map((email) => [email.to, email.subject])).toEqual([
      ['ana@example.com', 'Hora: How was Sala luminosa?'],
      ['lucia@example.com', 'Hora: Reserva completada en Sala luminosa'],
    ]);
  });

  it('sends nothing for transitions nobody is told about, without reading the transaction', async () => {
    const notify = job();
    for (const transition of ['request-payment', 'enquire', 'review-1-by-customer', 'expire-review-period']) {
      await notify.run(transition);
    }
    expect(notify.reads).toEqual([]);
    expect(await emails()).toEqual([]);
  });

  it('skips deleted accounts and an unknown transaction, with a warning for the latter', async () => {
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, customerId));
    await job().run('decline');
    expect(await emails()).toEqual([]);
    const missing = job({ facts: null });
    await missing.run('accept');
    expect(missing.lines.map((line) => line.message)).toEqual([
      'Notification for an unknown transaction skipped',
    ]);
  });

  it('names a banned or deleted customer by the placeholder of the host’s language (email and SMS)', async () => {
    await db.update(users).set({ banned: true }).where(eq(users.id, customerId));
    try {
      await job().run('confirm-payment');
    } finally {
      await db.update(users).set({ banned: false }).where(eq(users.id, customerId));
    }
    const [request] = await emails();
    expect(request!.subject).toBe('Hora: nueva solicitud de reserva de Usuario bloqueado en Sala luminosa');
    expect(request!.text).not.toContain('Ana R.');
    const [sms] = await smsRows();
    expect(sms!.body).toContain('nueva reserva de Usuario bloqueado en Sala luminosa');

    await clearOutbox(db);
    await db.execute(sql`delete from sms_outbox`);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, customerId));
    await job().run('confirm-payment');
    const [toHost] = await emails();
    expect(toHost!.subject).toBe('Hora: nueva solicitud de reserva de Usuario eliminado en Sala luminosa');
  });

  it('names a deleted listing and does without a message or a host phone', async () => {
    await db.update(users).set({ phoneNumber: null }).where(eq(users.id, providerId));
    try {
      await job({
        facts: facts({
          listing: { id: randomUUID(), title: '', timeZone: 'Europe/Madrid' },
          firstMessage: null,
        }),
      }).run('confirm-payment');
    } finally {
      await db.update(users).set({ phoneNumber: '+34600111222' }).where(eq(users.id, providerId));
    }
    const [request] = await emails();
    expect(request!.subject).toBe('Hora: nueva solicitud de reserva de Ana R. en un espacio eliminado');
    expect(request!.text).not.toContain('Su mensaje');
    expect(await smsRows()).toEqual([]);
  });

  it('escapes the customer’s words and the listing title in the host’s email (no HTML injection)', async () => {
    const evil = '<img src=x onerror="alert(1)"><a href="https://evil.example/login">Verify your account</a>';
    await db.update(users).set({ lastName: '<b>Ruiz</b>' }).where(eq(users.id, customerId));
    try {
      await job({
        facts: facts({
          firstMessage: evil,
          listing: { id: randomUUID(), title: '<script>alert(2)</script>Sala', timeZone: 'Europe/Madrid' },
        }),
      }).run('confirm-payment');
    } finally {
      await db.update(users).set({ lastName: 'Ruiz' }).where(eq(users.id, customerId));
    }
    const rows = await db
      .select({ template: emailOutbox.template, html: emailOutbox.html, subject: emailOutbox.subject })
      .from(emailOutbox);
    const request = rows.find((row) => row.template === 'transaction-new-request');
    expect(request).toBeDefined();
    for (const row of rows) {
      expect(row.html).not.toContain('<img src=x');
      expect(row.html).not.toContain('<script>');
      expect(row.html).not.toContain('href="https://evil.example');
      expect(row.html).not.toContain('<b>Ruiz');
    }
    expect(request!.html).toContain('&lt;img src=x onerror=');
    expect(request!.subject).not.toMatch(/[\r\n]/);
  });

  it('sends the SMS through Twilio when configured, once, and only logs a refusal', async () => {
    const sms = createSmsSender({
      sms: {
        kind: 'twilio',
        accountSid: SID,
        authToken: 'tok',
        from: '+34910000000',
        apiBase: twilio.apiBase,
      },
    });
    const before = twilio.messages.length;
    await job({ sms }).run('confirm-payment');
    await job({ sms }).run('confirm-payment');
    expect(twilio.messages.length - before).toBe(1);
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+34600111222' });
    expect(await smsRows()).toMatchObject([{ status: 'sent', providerId: expect.stringMatching(/^SM/) }]);

    await db.execute(sql`delete from sms_outbox`);
    twilio.failNext({ status: 400, code: 21211, message: 'Invalid To number' });
    const failing = job({ sms });
    await expect(failing.run('confirm-payment')).resolves.toBeUndefined();
    expect(await smsRows()).toMatchObject([
      { status: 'failed', lastError: expect.stringContaining('Invalid To') },
    ]);
    expect(failing.lines).toMatchObject([{ level: 'error', message: 'New order SMS not sent' }]);
    // The emails of that run were still written.
    expect((await emails()).map((email) => email.template)).toContain('transaction-new-request');
  });
});
