import { once } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmailTransport } from './index.ts';
import { createSmtpTransport } from './smtp.ts';

interface FakeSmtp {
  url: string;
  /** Raw DATA of each accepted message. */
  messages: string[];
  server: Server;
}

/** Just enough SMTP for nodemailer: plain text, no STARTTLS, no AUTH; refuses one address. */
async function startFakeSmtp(refused: string): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let data: string | undefined;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (data !== undefined) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = undefined;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (command === 'RCPT' && line.includes(refused)) socket.write('550 no such user\r\n');
        else if (command === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, server };
}

let smtp: FakeSmtp | undefined;
afterEach(() => {
  smtp?.server.close();
  smtp = undefined;
});

const message = {
  from: 'Hora <no-reply@hora.test>',
  to: 'lucia@example.com',
  subject: 'Confirma tu dirección de correo en Hora',
  html: '<p>Hola, <strong>Lucía</strong></p>',
  text: 'Hola, Lucía',
};

describe('createSmtpTransport', () => {
  it('delivers the subject, the HTML and the plain-text version to the SMTP server', async () => {
    smtp = await startFakeSmtp('nobody@example.com');
    await createSmtpTransport(smtp.url).send(message);
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]!;
    expect(raw).toMatch(/^To: lucia@example\.com$/m);
    expect(raw).toMatch(/^From: Hora <no-reply@hora\.test>$/m);
    expect(raw).toMatch(/^Subject: .+$/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });

  it('rejects when the server refuses the recipient, so the dispatcher retries', async () => {
    smtp = await startFakeSmtp('nobody@example.com');
    await expect(
      createSmtpTransport(smtp.url).send({ ...message, to: 'nobody@example.com' }),
    ).rejects.toThrow();
    expect(smtp.messages).toHaveLength(0);
  });

  it('rejects when no server answers', async () => {
    const closed = await startFakeSmtp('nobody@example.com');
    closed.server.close();
    await once(closed.server, 'close');
    await expect(createSmtpTransport(closed.url).send(message)).rejects.toThrow();
  });
});

describe('createEmailTransport', () => {
  it('is SMTP when SMTP_URL is set and the built-in outbox (undefined) otherwise', async () => {
    expect(createEmailTransport({ email: { smtpUrl: undefined, from: 'x' } })).toBeUndefined();
    smtp = await startFakeSmtp('nobody@example.com');
    const transport = createEmailTransport({ email: { smtpUrl: smtp.url, from: 'x' } });
    await transport?.send(message);
    expect(smtp.messages).toHaveLength(1);
  });
});
