import { AppError } from '@hora/core/errors';
import { devMailboxQuerySchema } from '@hora/core/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { apiNotFound } from '../../http/errors.ts';
import { matchesKey } from '../../http/secret-key.ts';
import { listRecentSms } from '../notifications/repository.ts';
import { findEmail, listRecentEmails } from './repository.ts';

const MAILBOX_SIZE = 50;

/** Holds the mailbox key once the printed link was opened, so the mailbox's own links keep working. */
export const DEV_MAILBOX_COOKIE = 'hora.dev_mailbox';
/**
 * Only the mailbox lives under /dev. Not /dev/mailbox: React Router fetches the list's data from
 * `/dev/mailbox.data`, which a cookie scoped to /dev/mailbox would not reach.
 */
const DEV_MAILBOX_COOKIE_PATH = '/dev';

/** The link the server prints at start: the only way in. */
export function devMailboxLink(publicUrl: string, key: string): string {
  return `${publicUrl}/dev/mailbox?key=${encodeURIComponent(key)}`;
}

const summarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'kept']),
  createdAt: z.iso.datetime(),
});

const smsSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'kept']),
  createdAt: z.iso.datetime(),
});

const messageSchema = summarySchema.extend({ locale: z.string(), html: z.string(), text: z.string() });

type EmailRow = Omit<z.input<typeof summarySchema>, 'createdAt' | 'status'> & {
  status: string;
  createdAt: Date;
};

function summary<T extends EmailRow>(row: T) {
  return {
    ...row,
    status: summarySchema.shape.status.parse(row.status),
    createdAt: row.createdAt.toISOString(),
  };
}

interface MailboxOptions {
  db: Database;
  key: string;
  secureCookie: boolean;
}

const devMailboxRoutes: FastifyPluginAsyncZod<MailboxOptions> = async (app, { db, key, secureCookie }) => {
  // Before parsing and validation: without the key even a malformed id answers as an unknown path.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const keyInQuery = matchesKey((request.query as { key?: unknown }).key, key);
    if (!keyInQuery && !matchesKey(request.cookies[DEV_MAILBOX_COOKIE], key)) throw apiNotFound(request);
    if (keyInQuery) {
      reply.setCookie(DEV_MAILBOX_COOKIE, key, {
        path: DEV_MAILBOX_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
      });
    }
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        // Not in the public API document: nothing tells a visitor the mailbox exists.
        hide: true,
        tags: ['dev'],
        summary: 'Latest emails in the outbox, newest first (DEV_MAILBOX only; key in `key` or cookie)',
        querystring: devMailboxQuerySchema,
        response: { 200: z.object({ data: z.array(summarySchema) }) },
      },
    },
    async (request) => {
      const rows = await listRecentEmails(db, { to: request.query.to, limit: MAILBOX_SIZE });
      return { data: rows.map(summary) };
    },
  );

  app.get(
    '/api/dev/mailbox/sms',
    {
      schema: {
        hide: true,
        tags: ['dev'],
        summary:
          'Latest text messages in the SMS outbox, newest first (DEV_MAILBOX only; key in `key` or cookie)',
        response: { 200: z.object({ data: z.array(smsSchema) }) },
      },
    },
    async () => {
      const rows = await listRecentSms(db, MAILBOX_SIZE);
      return {
        data: rows.map((row) => ({
          id: row.id,
          to: row.toNumber,
          body: row.body,
          status: smsSchema.shape.status.parse(row.status),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      schema: {
        hide: true,
        tags: ['dev'],
        summary: 'One email of the outbox with its HTML and text (DEV_MAILBOX only; key in `key` or cookie)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ data: messageSchema }) },
      },
    },
    async (request) => {
      const row = await findEmail(db, request.params.id);
      if (!row) throw new AppError('not-found');
      return { data: summary(row) };
    },
  );
};

/**
 * The development mailbox: every email the app wrote, readable without an SMTP server. Off unless
 * DEV_MAILBOX is on (never in production): then nothing is registered and the API's catch-all
 * answers 404. When on, it opens only with the key printed at start (in `key`, which also sets a
 * cookie for the mailbox pages, or in that cookie); without it every path answers that same 404.
 * Being on loopback proves nothing: behind a reverse proxy every request comes from there.
 */
export async function registerDevMailbox(
  app: FastifyInstance,
  options: { db: Database; key: string | undefined; secureCookie: boolean },
): Promise<void> {
  const { db, key, secureCookie } = options;
  if (key === undefined) return;
  await app.register(devMailboxRoutes, { db, key, secureCookie });
}
