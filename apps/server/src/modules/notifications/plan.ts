import type { TransitionName } from '@hora/core/process';
import type { EmailTemplate } from '../email/index.ts';

export type Audience = 'customer' | 'provider';

export interface NotificationPlan {
  emails: readonly { template: EmailTemplate; to: Audience }[];
  /** The "new order" SMS to the host (when they have a phone number). */
  smsToProvider: boolean;
}

const NONE: NotificationPlan = { emails: [], smsToProvider: false };

/**
 * Who hears of which transition (issue 11): the host of a paid request (with its SMS) while the
 * customer gets the receipt; the customer of every answer or end of their request; both when the
 * booking is completed. Every other transition (enquiry, reviews, their periods) sends nothing here.
 */
const PLANS: Partial<Record<TransitionName, NotificationPlan>> = {
  'confirm-payment': {
    emails: [
      { template: 'transaction-new-request', to: 'provider' },
      { template: 'transaction-receipt', to: 'customer' },
    ],
    smsToProvider: true,
  },
  accept: { emails: [{ template: 'transaction-accepted', to: 'customer' }], smsToProvider: false },
  decline: { emails: [{ template: 'transaction-declined', to: 'customer' }], smsToProvider: false },
  expire: { emails: [{ template: 'transaction-expired', to: 'customer' }], smsToProvider: false },
  'expire-payment': {
    emails: [{ template: 'transaction-payment-expired', to: 'customer' }],
    smsToProvider: false,
  },
  cancel: { emails: [{ template: 'transaction-canceled', to: 'customer' }], smsToProvider: false },
  complete: {
    emails: [
      { template: 'transaction-completed', to: 'customer' },
      { template: 'transaction-completed', to: 'provider' },
    ],
    smsToProvider: false,
  },
};

export function notificationPlan(transition: string): NotificationPlan {
  return Object.hasOwn(PLANS, transition) ? (PLANS[transition as TransitionName] ?? NONE) : NONE;
}

/** One email or SMS per transaction, transition and recipient, whatever retries. */
export function notificationKey(transactionId: string, transition: string, recipientId: string): string {
  return `transaction:${transactionId}:${transition}:${recipientId}`;
}
