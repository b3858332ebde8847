import type { SmsConfig } from '../../config-sms.ts';
import { outboxSms } from './outbox.ts';
import type { SmsSender } from './port.ts';
import { createTwilioSms } from './twilio.ts';

export { outboxSms } from './outbox.ts';
export { type SmsMessage, type SmsReceipt, SmsSendError, type SmsSender } from './port.ts';
export { createTwilioSms, type TwilioOptions } from './twilio.ts';

/** Twilio when configured; otherwise the outbox keeps every message for the dev mailbox. */
export function createSmsSender(config: { sms: SmsConfig }): SmsSender {
  const { sms } = config;
  if (sms.kind === 'twilio') {
    return createTwilioSms({
      accountSid: sms.accountSid,
      authToken: sms.authToken,
      from: sms.from,
      apiBase: sms.apiBase,
    });
  }
  return outboxSms;
}
