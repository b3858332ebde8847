/** One rendered email, ready to leave the building. */
export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * The email port: the dispatcher only needs "send this or throw". A rejection means the message was
 * not accepted and will be retried, so an adapter must not swallow errors.
 */
export interface EmailTransport {
  send(message: EmailMessage): Promise<void>;
}
