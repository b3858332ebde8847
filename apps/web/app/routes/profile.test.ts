import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../context.ts';
import type { PublicUser } from '../features/account/public-profile.ts';
import type { Route } from './+types/profile';
import { loader } from './profile.tsx';

const ID = '6b1f8a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PERSON: PublicUser = {
  id: ID,
  banned: false,
  deleted: false,
  displayName: 'Marta S.',
  abbreviatedName: 'MS',
  bio: null,
  instagram: null,
  tiktok: null,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function load(user: PublicUser) {
  const api = (async <T>(): Promise<ApiResult<T>> => ({
    status: 200,
    data: user as T,
    cookies: [],
  })) as WebContext['api'];
  return loader({ params: { id: ID }, context: { api, viewer: null } } as unknown as Route.LoaderArgs);
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
}

describe('profile page /u/:id', () => {
  it('shows an active person', async () => {
    expect((await load(PERSON)).view).toMatchObject({ kind: 'active', name: 'Marta S.' });
  });

  it('is the not-found page for banned and deleted people', async () => {
    expect(await statusOf(load({ ...PERSON, banned: true, displayName: null }))).toBe(404);
    expect(await statusOf(load({ ...PERSON, deleted: true, displayName: null }))).toBe(404);
  });
});
