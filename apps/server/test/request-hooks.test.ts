import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalImageStorage } from '../src/adapters/storage/index.ts';
import { signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-hooks-'));
let app: Awaited<ReturnType<typeof buildTestApp>>;
let person: TestUser;

beforeAll(async () => {
  app = await buildTestApp(database.db, { DATA_DIR: dataDir }, { captcha: fakeCaptcha });
  person = await signUp(app);
  const storage = createLocalImageStorage({ uploadsDir: path.join(dataDir, 'uploads') });
  await storage.put('avatars/probe/square-small.webp', Buffer.from('RIFF'), 'image/webp');
});
afterEach(() => vi.restoreAllMocks());

describe('what runs per request', () => {
  it('serves files without reading the session, even when the browser sends the session cookie', async () => {
    const queries = vi.spyOn(database.pool, 'query');
    const file = await app.inject({
      method: 'GET',
      url: '/uploads/avatars/probe/square-small.webp',
      headers: { cookie: person.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(queries).not.toHaveBeenCalled();
  });

  it('reads the session for API requests', async () => {
    const queries = vi.spyOn(database.pool, 'query');
    const session = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: person.cookie },
    });
    expect(session.json().user.id).toBe(person.id);
    expect(queries).toHaveBeenCalled();
  });
});
