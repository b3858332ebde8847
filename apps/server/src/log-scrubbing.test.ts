import { describe, expect, it } from 'vitest';
import { safeError, safeUrl, scrub } from './log-scrubbing.ts';
import { censorSensitive, createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const logger = createLogger(
    { env: 'development', logLevel: 'trace' },
    { write: (line) => lines.push(line) },
  );
  return { logger, text: () => lines.join('') };
}

describe('log scrubbing', () => {
  it('keeps the path and parameter names of a URL, never the values', () => {
    expect(safeUrl('/verify-email?t=eyJ.secret&t=again&next=%2Fa')).toBe(
      '/verify-email?t=[redacted]&next=[redacted]',
    );
    expect(safeUrl('/api/session')).toBe('/api/session');
  });

  it("drops a failed query's bound values and the database's detail line", () => {
    const database = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (email)=(ana@example.com) already exists.',
        constraint: 'users_email_unique',
      },
    );
    const failed = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: ana@example.com', {
        cause: database,
      }),
      { query: 'insert into users (email) values ($1)', params: ['ana@example.com'] },
    );
    const safe = JSON.stringify(safeError(failed));
    expect(safe).not.toContain('ana@example.com');
    expect(safe).toContain('insert into users (email) values ($1)');
    expect(safe).toContain('users_email_unique');
    expect(safe).toContain('23505');
  });

  it('removes the quoted input of a data exception', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "ana@example.com"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(JSON.stringify(safeError(error))).not.toContain('ana@example.com');
  });

  it('keeps only the shape of library arguments', () => {
    expect(scrub([{ email: 'ana@example.com', attempts: 2, nested: { token: 'abc' } }, 'Ana'])).toEqual([
      { email: '[string 15]', attempts: 2, nested: { token: '[string 3]' } },
      '[string 3]',
    ]);
  });

  it('redacts secrets and personal fields wherever a log call puts them', () => {
    const { logger, text } = capture();
    logger.info(
      { password: 'p1-secret', body: { newPassword: 'p2-secret', user: { email: 'e@x.es' } } },
      'x',
    );
    logger.info(
      { req: { headers: { cookie: 'hora.session_token=s3cret', authorization: 'Bearer t0ken' } } },
      'y',
    );
    logger.error({ err: new Error('Failed query: select 1') }, 'z');
    logger.info({ res: { headers: { 'set-cookie': 'hora.session_token=c00kie' } } }, 'w');
    logger.info({ users: [{ firstName: 'Lucía', phone: '+34600000000' }] }, 'v');
    logger.child({ token: 'ch1ld' }).info('u');
    for (const secret of [
      'p1-secret',
      'p2-secret',
      'e@x.es',
      's3cret',
      't0ken',
      'c00kie',
      'Lucía',
      '+346',
      'ch1ld',
    ])
      expect(text()).not.toContain(secret);
    expect(text()).toContain('[redacted]');
  });

  it('censors the objects of a message, nested bindings, instances and errors logged as data', () => {
    const { logger, text } = capture();
    class Account {
      constructor(public email: string) {}
    }
    logger.info('%o', { user: { email: 'fmt@x.es' } });
    logger
      .child({ user: { email: 'bound@x.es' } })
      .child({ headers: { cookie: 'grand=ch1ld' } })
      .info('a');
    logger.info({ user: new Account('instance@x.es'), data: { user: new Account('deep@x.es') } }, 'b');
    logger.info({ failure: Object.assign(new Error('no'), { email: 'error@x.es' }) }, 'c');
    for (const secret of ['fmt@x.es', 'bound@x.es', 'ch1ld', 'instance@x.es', 'deep@x.es', 'error@x.es'])
      expect(text()).not.toContain(secret);
    // An error logged alone keeps what its serializer allows.
    logger.error(Object.assign(new Error('Failed query: select 2'), { email: 'alone@x.es' }), 'd');
    expect(text()).toContain('Failed query: select 2');
    expect(text()).not.toContain('alone@x.es');
  });

  it('censors a copy, leaving the logged objects as they were', () => {
    const logged = { body: { user: { email: 'e@x.es', name: 'x' } }, other: { kept: 1 } };
    const censored = censorSensitive(logged);
    expect(censored).toEqual({ body: { user: { email: '[redacted]', name: 'x' } }, other: { kept: 1 } });
    expect(logged.body.user.email).toBe('e@x.es');
    // Only the path it censors is copied.
    expect(censored.other).toBe(logged.other);
    expect(censorSensitive(logged.other)).toBe(logged.other);
  });

  it('leaves a request to its serializer, which keeps its method, path and parameter names', () => {
    const { logger, text } = capture();
    class IncomingRequest {
      method = 'GET';
      url = '/reset-password?token=s3cret';
      headers = { cookie: 'hora.session_token=c00kie' };
      get ip() {
        return '127.0.0.1';
      }
    }
    logger.info({ req: new IncomingRequest() }, 'incoming request');
    const line = JSON.parse(text());
    expect(line.req).toEqual({
      method: 'GET',
      url: '/reset-password?token=[redacted]',
      remoteAddress: '127.0.0.1',
    });
  });
});
