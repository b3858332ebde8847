import type { SmsSender } from './port.ts';

/** The built-in default: nothing leaves the machine; the outbox row is the message (dev mailbox). */
export const outboxSms: SmsSender = {
  kind: 'outbox',
  async send() {
    return { providerId: null };
  },
};
