import { data } from 'react-router';
import type { WebContext } from '../../context.ts';

export const MAILBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** One row of `GET /api/dev/mailbox`. */
export interface MailboxSummary {
  id: string;
  to: string;
  subject: string;
  template: string;
  status: MailboxStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** `GET /api/dev/mailbox/:id`. */
export interface MailboxMessage extends MailboxSummary {
  locale: string;
  html: string;
  text: string;
}

type Api = WebContext['api'];

/**
 * The API has no mailbox in production (404) and refuses a malformed id (400): both mean this page
 * does not exist. Anything else unexpected goes to the error page.
 */
function expectFound(status: number, path: string): void {
  if (status === 404 || status === 400) throw data(null, { status: 404 });
  if (status !== 200) throw new Error(`${path} answered HTTP ${status}`);
}

export async function loadMailbox(api: Api, to: string): Promise<MailboxSummary[]> {
  const path = to ? `/api/dev/mailbox?to=${encodeURIComponent(to)}` : '/api/dev/mailbox';
  const response = await api<{ data: MailboxSummary[] }>(path);
  expectFound(response.status, '/api/dev/mailbox');
  return response.data.data;
}

export async function loadMailboxMessage(api: Api, id: string): Promise<MailboxMessage> {
  const response = await api<{ data: MailboxMessage }>(`/api/dev/mailbox/${encodeURIComponent(id)}`);
  expectFound(response.status, '/api/dev/mailbox/:id');
  return response.data.data;
}
