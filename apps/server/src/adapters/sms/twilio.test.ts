import { afterAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../../test/fake-twilio.ts';
import { createSmsSender, outboxSms, SmsSendError } from './index.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const twilio = await startFakeTwilio({ sid: SID, token: 'tok-twilio' });
afterAll(() => twilio.close());

function sender(overrides: { authToken?: string; from?: string } = {}) {
  return createSmsSender({
    sms: {
      kind: 'twilio',
      accountSid: SID,
      authToken: overrides.authToken ?? 'tok-twilio',
      from: overrides.from ?? '+34910000000',
      apiBase: twilio.apiBase,
    },
  });
}

describe('Twilio SMS adapter', () => {
  it('posts the message with the account credentials and returns Twilio’s message id', async () => {
    const receipt = await sender().send({ to: '+34600111222', body: 'Nuevo pedido en Hora' });
    expect(receipt.providerId).toMatch(/^SM\d{32}$/);
    expect(twilio.messages.at(-1)).toEqual({
      accountSid: SID,
      to: '+34600111222',
      body: 'Nuevo pedido en Hora',
      from: '+34910000000',
      service: null,
    });
  });

  it('sends from a messaging service when TWILIO_FROM is one', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await sender({ from: service }).send({ to: '+34600111222', body: 'Hola' });
    expect(twilio.messages.at(-1)).toMatchObject({ from: null, service });
  });

  it('throws SmsSendError with Twilio’s status and code when refused', async () => {
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const refused = await sender()
      .send({ to: '+3400', body: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused).toMatchObject({ status: 400, code: '21211' });
    // Twilio's words may quote the number: kept apart from the message that gets logged.
    expect((refused as SmsSendError).detail).toContain('not a valid phone number');
    expect((refused as Error).message).toBe('Twilio refused the message (HTTP 400, code 21211)');
  });

  it('throws SmsSendError on wrong credentials and when the API cannot be reached', async () => {
    const count = twilio.messages.length;
    await expect(
      sender({ authToken: 'wrong' }).send({ to: '+34600111222', body: 'x' }),
    ).rejects.toMatchObject({
      status: 401,
      code: '20003',
    });
    const unreachable = createSmsSender({
      sms: {
        kind: 'twilio',
        accountSid: SID,
        authToken: 't',
        from: '+34910000000',
        apiBase: 'http://127.0.0.1:9',
      },
    });
    await expect(unreachable.send({ to: '+34600111222', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    expect(twilio.messages).toHaveLength(count);
  });
});

describe('default SMS adapter', () => {
  it('is the outbox, which sends nothing', async () => {
    expect(createSmsSender({ sms: { kind: 'outbox' } })).toBe(outboxSms);
    expect(await outboxSms.send({ to: '+34600111222', body: 'x' })).toEqual({ providerId: null });
  });
});
