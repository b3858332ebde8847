import { data, redirect } from 'react-router';
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

/** One row of `GET /api/dev/mailbox/sms`: a text message of the SMS outbox. */
export interface MailboxSms {
  id: string;
  to: string;
  body: string;
  status: MailboxStatus;
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
 * The API has no mailbox unless DEV_MAILBOX is on, and answers a request without its key as an
 * unknown path (404); it refuses a malformed id (400): all mean this page does not exist. Anything
 * else unexpected goes to the error page.
 */
function expectFound(status: number, path: string): void {
  if (status === 404 || status === 400) throw data(null, { status: 404 });
  if (status !== 200) throw new Error(`${path} answered HTTP ${status}`);
}

/**
 * The link the server prints carries the key (`?key=`), passed on to the API, which answers with a
 * cookie for the mailbox pages. The page is then reloaded without the key, so it leaves the address
 * bar and the history; the cookie opens the mailbox from there on.
 */
function keyOf(page: URL): string | null {
  return page.searchParams.get('key');
}

function withoutKey(page: URL, cookies: string[]): Response {
  const target = new URL(page);
  target.searchParams.delete('key');
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(`${target.pathname}${target.search}`, { headers });
}

function query(params: Record<string, string | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return search.size > 0 ? `?${search}` : '';
}

/** The list for the page at `page` (`/dev/mailbox?to=...`), and the latest text messages beside it. */
export async function loadMailbox(
  api: Api,
  page: URL,
): Promise<{ to: string; emails: MailboxSummary[]; sms: MailboxSms[] }> {
  const to = page.searchParams.get('to')?.trim() ?? '';
  const key = keyOf(page);
  const response = await api<{ data: MailboxSummary[] }>(`/api/dev/mailbox${query({ to, key })}`);
  expectFound(response.status, '/api/dev/mailbox');
  if (key !== null) throw withoutKey(page, response.cookies);
  const sms = await api<{ data: MailboxSms[] }>('/api/dev/mailbox/sms');
  return { to, emails: response.data.data, sms: sms.status === 200 ? sms.data.data : [] };
}

/** One email for the page at `page` (`/dev/mailbox/:id`). */
export async function loadMailboxMessage(api: Api, id: string, page: URL): Promise<MailboxMessage> {
  const key = keyOf(page);
  const response = await api<{ data: MailboxMessage }>(
    `/api/dev/mailbox/${encodeURIComponent(id)}${query({ key })}`,
  );
  expectFound(response.status, '/api/dev/mailbox/:id');
  if (key !== null) throw withoutKey(page, response.cookies);
  return response.data.data;
}
