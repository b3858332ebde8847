import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import { migrationsDir } from '../src/paths.ts';
import { createEmptyTestDatabase } from './database.ts';

/** The last migration before images were keyed (users.image held URLs). */
const BEFORE_KEYS = '0004_listings';

const database = await createEmptyTestDatabase();
const folder = await mkdtemp(path.join(tmpdir(), 'hora-migrations-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The committed migrations up to `tag`, as a migrations folder of their own. */
async function migrationsUpTo(tag: string): Promise<string> {
  await cp(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

describe('the migration to image keys', () => {
  it('turns avatar URLs into key prefixes and keeps pictures Hora did not make', async () => {
    const client = await database.pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: await migrationsUpTo(BEFORE_KEYS) });
    } finally {
      client.release();
    }

    const person = async (image: string | null) => {
      const id = randomUUID();
      await database.db.execute(sql`
        insert into users (id, name, email, first_name, last_name, referral_code, image)
        values (${id}, 'Marta García', ${`${id}@example.com`}, 'Marta', 'García', ${id.slice(0, 8)}, ${image})`);
      return id;
    };
    const avatar = async (ownerId: string) => {
      const id = randomUUID();
      await database.db.execute(
        sql`insert into images (id, owner_id, kind, width, height) values (${id}, ${ownerId}, 'avatar', 300, 200)`,
      );
      return id;
    };
    const local = await person(null);
    const localAvatar = await avatar(local);
    await database.db.execute(
      sql`update users set image = ${`/uploads/avatars/${localAvatar}/square-small2x.webp`} where id = ${local}`,
    );
    const cdn = await person(null);
    const cdnAvatar = await avatar(cdn);
    await database.db.execute(
      sql`update users set image = ${`https://img.hora.es/avatars/${cdnAvatar}/square-small2x.webp`} where id = ${cdn}`,
    );
    const google = await person('https://lh3.googleusercontent.com/a/photo=s96-c');
    const orphan = await person(`/uploads/avatars/${randomUUID()}/square-small2x.webp`);
    const none = await person(null);

    await runMigrations(database.pool);

    const users = await rows<{ id: string; image: string | null }>(sql`select id, image from users`);
    const imageOf = (id: string) => users.find((user) => user.id === id)?.image;
    expect(imageOf(local)).toBe(`avatars/${localAvatar}/`);
    expect(imageOf(cdn)).toBe(`avatars/${cdnAvatar}/`);
    expect(imageOf(google)).toBe('https://lh3.googleusercontent.com/a/photo=s96-c');
    expect(imageOf(orphan)).toBeNull();
    expect(imageOf(none)).toBeNull();

    const images = await rows<{ id: string; key_prefix: string; formats: string[] }>(
      sql`select id, key_prefix, formats from images order by created_at`,
    );
    expect(images).toEqual(
      expect.arrayContaining([
        { id: localAvatar, key_prefix: `avatars/${localAvatar}/`, formats: ['webp'] },
        { id: cdnAvatar, key_prefix: `avatars/${cdnAvatar}/`, formats: ['webp'] },
      ]),
    );
  });

  it('refuses a row without a key prefix, or with an unsafe one', async () => {
    const [user] = await rows<{ id: string }>(sql`select id from users limit 1`);
    for (const prefix of ['', '../x/', 'avatars/not-an-id/', `avatars/${randomUUID()}`]) {
      await expect(
        database.db.execute(sql`
          insert into images (owner_id, kind, width, height, key_prefix)
          values (${user!.id}, 'avatar', 1, 1, ${prefix})`),
        prefix,
      ).rejects.toThrow();
    }
  });
});
