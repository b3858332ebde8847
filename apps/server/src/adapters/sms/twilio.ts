import { type SmsMessage, type SmsReceipt, SmsSendError, type SmsSender } from './port.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number in E.164 form, or a messaging service SID (`MG…`). */
  from: string;
  /** Another API origin (a fake server in tests, a proxy); Twilio's own by default. */
  apiBase?: string | undefined;
  fetch?: typeof fetch;
  /** Per request; a hung provider must not hold the job. */
  timeoutMs?: number;
}

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's Messages resource over plain `fetch` (one form-encoded POST with basic auth): no SDK for
 * one call. A messaging service SID goes as `MessagingServiceSid`, a number as `From`.
 */
export function createTwilioSms(options: TwilioOptions): SmsSender {
  const send = options.fetch ?? fetch;
  const base = (options.apiBase ?? TWILIO_API).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG/i.test(options.from)
    ? { MessagingServiceSid: options.from }
    : { From: options.from };
  return {
    kind: 'twilio',
    async send(message: SmsMessage): Promise<SmsReceipt> {
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, Body: message.body, ...sender }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsSendError(
          `Twilio unreachable: ${(error as Error).name}`,
          undefined,
          undefined,
          (error as Error).message,
        );
      }
      const body = (await response.json().catch(() => null)) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (!response.ok || typeof body?.sid !== 'string') {
        throw twilioError(response.status, body);
      }
      return { providerId: body.sid };
    },
  };
}

function twilioError(status: number, body: { code?: unknown; message?: unknown } | null): SmsSendError {
  const code = body?.code === undefined || body.code === null ? undefined : String(body.code);
  const detail = typeof body?.message === 'string' ? body.message : undefined;
  return new SmsSendError(
    `Twilio refused the message (HTTP ${status}${code ? `, code ${code}` : ''})`,
    status,
    code,
    detail,
  );
}
