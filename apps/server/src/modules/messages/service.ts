import { randomUUID } from 'node:crypto';
import { AppError } from '@hora/core/errors';
import {
  MESSAGES_PER_PAGE,
  type MessagePageView,
  type MessageView,
  messagingAllowed,
} from '@hora/core/transactions';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { messageNotifyJob } from '../transactions/engine-jobs.ts';
import { type Conversation, messageRepository } from './repository.ts';

/** Unknown transaction, or one the viewer is not a party of: the same answer, as `GET /api/transactions/:id`. */
function notFound(): AppError {
  return new AppError('not-found', { title: 'Transaction not found' });
}

function flagsOf(conversation: Conversation, id: string) {
  // A party whose row is gone counts as deleted.
  return conversation.people.get(id) ?? { banned: false, deleted: true };
}

/**
 * A transaction's conversation (spec part 1 §2 transaction panel, §3 Message; part 2 §7 messages
 * query / send): only its two parties read or write; nobody writes once either is banned or
 * deleted; every message tells the other party (the notify job, throttled: decision 0041).
 */
export function messagesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const repository = messageRepository(db);

  async function conversationFor(viewer: Viewer, transactionId: string): Promise<Conversation> {
    const conversation = await repository.conversation(transactionId);
    if (!conversation || (conversation.customerId !== viewer.id && conversation.providerId !== viewer.id)) {
      throw notFound();
    }
    return conversation;
  }

  return {
    async list(viewer: Viewer, transactionId: string, page: number): Promise<MessagePageView> {
      await conversationFor(viewer, transactionId);
      const { messages, total } = await repository.page(transactionId, page, MESSAGES_PER_PAGE);
      return {
        data: messages,
        meta: {
          page,
          perPage: MESSAGES_PER_PAGE,
          totalItems: total,
          totalPages: Math.ceil(total / MESSAGES_PER_PAGE),
        },
      };
    },

    async send(viewer: Viewer, transactionId: string, content: string): Promise<{ message: MessageView }> {
      const conversation = await conversationFor(viewer, transactionId);
      const allowed = messagingAllowed({
        customer: flagsOf(conversation, conversation.customerId),
        provider: flagsOf(conversation, conversation.providerId),
      });
      if (!allowed) {
        throw new AppError('transaction-messaging-not-allowed', { meta: { transactionId } });
      }
      const id = randomUUID();
      const message = await withTransaction(db, async (tx) => {
        const stored = await messageRepository(tx).insert({
          id,
          transactionId,
          senderId: viewer.id,
          content,
          createdAt: clock.now(),
        });
        const job = messageNotifyJob(transactionId, id);
        // Queued with the message or not at all: an unannounced message would be a silent loss.
        if ((await enqueue(tx, job.name, job.data)) === null) {
          throw new Error(`Job queue ${job.name} is not declared: the message would not be announced`);
        }
        return stored;
      });
      return { message };
    },
  };
}

export type MessagesService = ReturnType<typeof messagesService>;
