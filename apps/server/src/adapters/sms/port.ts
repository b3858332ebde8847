/** A text message to one phone number. */
export interface SmsMessage {
  /** E.164 (`+34600111222`). */
  to: string;
  body: string;
}

/** What the provider answered: its message id, or null when the message is only kept. */
export interface SmsReceipt {
  providerId: string | null;
}

/**
 * The SMS port. `outbox` (the default) sends nothing: the message stays in the SMS outbox table,
 * readable on the development mailbox. `twilio` sends through Twilio's REST API. `send` throws
 * `SmsSendError` when the provider refuses or cannot be reached.
 */
export interface SmsSender {
  kind: 'outbox' | 'twilio';
  send(message: SmsMessage): Promise<SmsReceipt>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    /** The provider's error code (Twilio's `21211` …), when it gave one. */
    readonly code?: string,
    /**
     * The provider's own words. Kept out of `message`, which is logged: they may quote the
     * recipient's number.
     */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
