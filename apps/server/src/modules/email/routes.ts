import { AppError } from '@hora/core/errors';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findEmail, listRecentEmails } from './repository.ts';

const MAILBOX_SIZE = 50;

const summarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
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

const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest emails in the outbox, newest first (development and test only)',
        querystring: z.object({
          // A filter form submitted empty sends `to=`: that means no filter.
          to: z.preprocess(
            (value) => (value === '' ? undefined : value),
            z.string().trim().max(320).optional(),
          ),
        }),
        response: { 200: z.object({ data: z.array(summarySchema) }) },
      },
    },
    async (request) => {
      const rows = await listRecentEmails(db, { to: request.query.to, limit: MAILBOX_SIZE });
      return { data: rows.map(summary) };
    },
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One email of the outbox with its HTML and text (development and test only)',
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
 * The development mailbox: every email the app wrote, readable without an SMTP server. Production
 * registers nothing, so the API's catch-all answers 404 and no email content can leak.
 */
export async function registerDevMailbox(
  app: FastifyInstance,
  options: { db: Database; env: AppConfig['env'] },
): Promise<void> {
  if (options.env === 'production') return;
  await app.register(devMailboxRoutes, { db: options.db });
}
