import type { Role } from '@hora/core/process';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { postMessage } from './conversation-api.ts';
import {
  fieldErrorKey,
  MESSAGE_FIELDS,
  type MessageFormResult,
  SEND_MESSAGE_INTENT,
} from './message-fields.ts';

/** Whether a page's form post is the send-message form (the sale page also takes accept and decline). */
export async function isMessageSubmission(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get(MESSAGE_FIELDS.intent) === SEND_MESSAGE_INTENT;
}

/** The text's refusals, by the last part of core's message key (see `fieldErrorKey`). */
const FIELD_ERRORS: Record<string, string> = {
  required: 'conversation.errors.required',
  tooLong: 'conversation.errors.tooLong',
};

function refused(messageError: string, content: string, status: number) {
  return data<MessageFormResult>({ messageError, content }, { status });
}

/**
 * The send-message form of the order and sale pages (a plain form post, so it works without
 * JavaScript): sends the text (the API checks it), and shows the page again with the
 * new message (post/redirect/get, the conversation in view). A refusal keeps the typed text.
 */
export async function runSendMessage(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
  role: Role,
) {
  requireViewer(request, context);
  const id = params.id;
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  const raw = form?.get(MESSAGE_FIELDS.content);
  const content = typeof raw === 'string' ? raw : '';
  // The API checks the text with core's `sendMessageSchema` (trimmed, required, at most 5000).
  const result = await postMessage(context.api, id, content);
  if (result.status === 201) {
    const { search } = new URL(request.url);
    return redirect(`${transactionPagePath(role, id)}${search}#conversation`);
  }
  if (result.status === 404) throw data(null, { status: 404 });
  const first = result.data?.errors?.[0];
  const fieldError = fieldErrorKey(
    first?.meta?.issues?.find((issue) => issue.path === MESSAGE_FIELDS.content)?.message,
    FIELD_ERRORS,
  );
  const error =
    first?.code === 'transaction-messaging-not-allowed'
      ? apiErrorKey(first.code)
      : fieldError
        ? fieldError
        : result.status === 429
          ? 'conversation.errors.tooMany'
          : 'conversation.errors.sendFailed';
  return refused(error, content, result.status >= 400 ? result.status : 500);
}
