import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, PROVIDER_ID, TX_ID, transactionContext } from '../transactions/transaction.fixture.ts';
import { isMessageSubmission, runSendMessage } from './conversation-action.ts';

const PATH = `/api/transactions/${TX_ID}/messages`;

function post(fields: Record<string, string>, search = '') {
  return new Request(`https://hora.es/sale/${TX_ID}/details${search}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  const { data, init } = result as { data: unknown; init: { status: number } };
  return { status: init.status, data };
}

describe('the send-message form’s action', () => {
  it('sends the text (the API trims and checks it) and shows the page again at the conversation', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [`POST ${PATH}`]: { status: 201, body: {} },
    });
    const request = post({ intent: 'send-message', content: '  Sí, hay proyector.  ' }, '?messages=2');
    expect(await isMessageSubmission(request)).toBe(true);
    const result = await outcome(await runSendMessage(request, { id: TX_ID }, context, 'provider'));
    expect(result).toEqual({ status: 302, location: `/sale/${TX_ID}/details?messages=2#conversation` });
    expect(calls).toEqual([
      { path: PATH, init: { method: 'POST', body: { content: '  Sí, hay proyector.  ' } } },
    ]);
  });

  it.each([
    ['  ', 'validation.required', 'conversation.errors.required'],
    ['a'.repeat(5001), 'validation.text.tooLong', 'conversation.errors.tooLong'],
  ])(
    'tells the API’s refusal of %j by the field’s message, keeping the text',
    async (content, issue, key) => {
      const { context } = transactionContext(CUSTOMER_ID, {
        [`POST ${PATH}`]: {
          status: 400,
          body: {
            errors: [
              { code: 'validation-invalid-params', meta: { issues: [{ path: 'content', message: issue }] } },
            ],
          },
        },
      });
      const result = await outcome(
        await runSendMessage(post({ intent: 'send-message', content }), { id: TX_ID }, context, 'customer'),
      );
      expect(result).toEqual({ status: 400, data: { messageError: key, content } });
    },
  );

  it.each([
    [403, 'transaction-messaging-not-allowed', 'errors.api.transaction-messaging-not-allowed'],
    [429, 'rate-limited', 'conversation.errors.tooMany'],
    [500, 'internal-error', 'conversation.errors.sendFailed'],
  ])('tells a %i (%s) as %s', async (status, code, key) => {
    const { context } = transactionContext(CUSTOMER_ID, {
      [`POST ${PATH}`]: { status, body: { errors: [{ code }] } },
    });
    const result = await outcome(
      await runSendMessage(
        post({ intent: 'send-message', content: 'Hola' }),
        { id: TX_ID },
        context,
        'customer',
      ),
    );
    expect(result).toEqual({ status, data: { messageError: key, content: 'Hola' } });
  });

  it('is not the accept or decline form', async () => {
    expect(await isMessageSubmission(post({ transition: 'accept', 'idempotency-key': 'k' }))).toBe(false);
  });
});
