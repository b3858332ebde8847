import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runOpsCommand } from '../src/modules/ops/index.ts';
import { repositoryRoot } from '../src/paths.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, completeDraft, type HostingApp, NOW } from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db, { LISTINGS_REQUIRE_APPROVAL: 'true' });
  host = await signUp(hosting.app, { firstName: 'Pablo', lastName: 'Ruiz' });
  hosting.payouts.ready.add(host.id);
});

/** Runs an operator command in this process, collecting what it prints. */
async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(argv, {
    db: database.db,
    clock: hosting.clock,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

async function submitted(owner: TestUser = host): Promise<string> {
  const draft = await completeDraft(hosting, owner);
  const response = await hosting.app.inject({
    method: 'POST',
    url: `/api/own-listings/${draft.id}/publish`,
    headers: browser(owner.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data).toMatchObject({ state: 'pendingApproval', publishedAt: null });
  return draft.id;
}

describe('listings that need approval', () => {
  it('wait hidden from visitors until an operator approves them', async () => {
    const id = await submitted();
    expect(errorCode(await hosting.app.inject({ method: 'GET', url: `/api/listings/${id}` }))).toBe(
      'not-found',
    );
    const own = await hosting.app.inject({
      method: 'GET',
      url: `/api/listings/${id}`,
      headers: browser(host.cookie),
    });
    expect(own.json().data.state).toBe('pendingApproval');
    // Waiting is not closed: the owner is a host, and cannot close it yet.
    const close = await hosting.app.inject({
      method: 'POST',
      url: `/api/own-listings/${id}/close`,
      headers: browser(host.cookie),
    });
    expect(close.statusCode).toBe(409);

    const pending = await ops('listings:pending');
    expect(pending.code).toBe(0);
    expect(pending.out).toContainEqual(
      expect.stringMatching(new RegExp(`^${id}\\t[0-9T:.-]+Z\\tPablo R\\.\\tSala luminosa`)),
    );

    const approved = await ops('listings:approve', id);
    expect(approved).toEqual({ code: 0, out: [`Listing ${id} is published.`], err: [] });
    const page = await hosting.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(page.json().data).toMatchObject({ state: 'published', publishedAt: NOW });
    expect((await ops('listings:pending')).out).not.toContainEqual(expect.stringContaining(id));
  });

  it.each([
    [['listings:approve'], 1, 'Usage: listings:approve <listing-id>'],
    [['listings:approve', 'not-an-id'], 1, 'Usage: listings:approve <listing-id>'],
    [
      ['listings:approve', '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'],
      1,
      'No listing 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    ],
    [['listings:nope'], 2, 'Unknown command: listings:nope'],
    [['toString'], 2, 'Unknown command: toString'],
  ])('refuses %j with exit code %i', async (argv, code, message) => {
    const result = await ops(...argv);
    expect(result.code).toBe(code);
    expect(result.err[0]).toContain(message);
  });

  it('refuses to approve the listing of a banned host until the ban is lifted', async () => {
    // A host of its own: the ban ends their sessions.
    const banned = await signUp(hosting.app, { firstName: 'Bruno', lastName: 'Vidal' });
    hosting.payouts.ready.add(banned.id);
    const id = await submitted(banned);
    expect((await ops('users:ban', banned.id)).code).toBe(0);
    const refused = await ops('listings:approve', id);
    expect(refused).toMatchObject({ code: 1, err: [`Listing ${id} is by a banned user: not published`] });
    expect((await ops('users:unban', banned.id)).code).toBe(0);
    expect((await ops('listings:approve', id)).code).toBe(0);
  });

  it('refuses to approve a listing that is not waiting', async () => {
    const draft = await completeDraft(hosting, host);
    const result = await ops('listings:approve', draft.id);
    expect(result).toMatchObject({ code: 1, err: [`Listing ${draft.id} is draft, not pendingApproval`] });
  });

  it('runs as `npm run ops` against the configured database', async () => {
    const id = await submitted();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-ops-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const run = (...args: string[]) =>
      promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args], {
        cwd: repositoryRoot,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: dataDir },
      });
    expect((await run('listings:pending')).stdout).toContain(id);
    expect((await run('listings:approve', id)).stdout).toBe(`Listing ${id} is published.\n`);
    const failed = await run('listings:approve', id).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is published, not pendingApproval'),
    });
  }, 120_000);
});
