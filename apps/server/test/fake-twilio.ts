import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilio {
  /** `http://127.0.0.1:<port>`: TWILIO_API_BASE. */
  apiBase: string;
  /** Messages accepted, as the form Twilio received. */
  messages: { accountSid: string; to: string; body: string; from: string | null; service: string | null }[];
  /** Answer the next requests with this status and Twilio error body instead of accepting them. */
  failNext(answer: { status: number; code: number; message: string }): void;
  close(): Promise<void>;
}

/**
 * Twilio's Messages resource on 127.0.0.1: checks the basic auth against the one account it knows,
 * answers `201 {sid, status: 'queued'}` like Twilio, or Twilio's error body.
 */
export async function startFakeTwilio(account: { sid: string; token: string }): Promise<FakeTwilio> {
  const messages: FakeTwilio['messages'] = [];
  let failure: { status: number; code: number; message: string } | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return answer(404, { code: 20404, message: 'Not found' });
      if (request.headers.authorization !== expectedAuth || match[1] !== account.sid) {
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (failure) {
        const { status, code, message } = failure;
        failure = null;
        return answer(status, { code, message, status });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To');
      const body = form.get('Body');
      if (!to || !body) return answer(400, { code: 21604, message: "A 'To' phone number is required." });
      messages.push({
        accountSid: match[1]!,
        to,
        body,
        from: form.get('From'),
        service: form.get('MessagingServiceSid'),
      });
      return answer(201, { sid: `SM${String(messages.length).padStart(32, '0')}`, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    messages,
    failNext(answer) {
      failure = answer;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
