import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client.ts';
import { startEmailDispatcher } from '../src/modules/email/index.ts';
import { createTestDatabase } from './database.ts';
import {
  clearOutbox,
  enqueueVerification,
  outboxRow,
  recordingTransport,
  waitFor,
} from './email-fixtures.ts';

const { db } = await createTestDatabase();
const logger = pino({ level: 'silent' });
const FROM = 'Hora <no-reply@hora.test>';

beforeEach(() => clearOutbox(db));

describe('email dispatcher loop', () => {
  it('runs on its interval until stopped', async () => {
    const { transport, sent } = recordingTransport();
    const loop = startEmailDispatcher({ db, transport, from: FROM, logger, intervalMs: 10 });
    const first = await enqueueVerification(db, 'loop@example.com');
    await waitFor(async () => (await outboxRow(db, first)).status === 'sent');
    await loop.stop();
    const afterStop = await enqueueVerification(db, 'after-stop@example.com');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outboxRow(db, afterStop)).status).toBe('pending');
    expect(sent.map((message) => message.to)).toEqual(['loop@example.com']);
  });

  it('lets the send in progress finish before stop() resolves', async () => {
    let release: () => void = () => {};
    let started = false;
    const { transport } = recordingTransport(async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const id = await enqueueVerification(db, 'slow@example.com');
    const loop = startEmailDispatcher({ db, transport, from: FROM, logger, intervalMs: 10 });
    await waitFor(async () => started);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await outboxRow(db, id)).status).toBe('sent');
  });

  it('keeps running after a run fails, e.g. while the database is unreachable', async () => {
    const unreachable = connectDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const logged: string[] = [];
    const loop = startEmailDispatcher({
      db: unreachable.db,
      transport: undefined,
      from: FROM,
      logger: { info() {}, warn() {}, error: (...args: unknown[]) => logged.push(String(args[1])) },
      intervalMs: 10,
    });
    // A second failed run proves the first failure did not end the loop.
    await waitFor(async () => logged.length >= 2);
    await loop.stop();
    await unreachable.close();
    expect(new Set(logged)).toEqual(new Set(['email dispatch run failed']));
  });
});
