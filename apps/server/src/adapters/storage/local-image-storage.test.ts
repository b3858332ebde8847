import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageStorage } from './image-storage.ts';
import { createLocalImageStorage } from './local-image-storage.ts';

let root: string;
let storage: ImageStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hora-storage-'));
  storage = createLocalImageStorage({ uploadsDir: root });
});

afterEach(() => rm(root, { recursive: true, force: true }));

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('local image storage', () => {
  it('stores a file under its key, creating folders, and leaves no temporary file', async () => {
    await storage.put('avatars/abc/square-small.webp', Buffer.from('one'), 'image/webp');
    expect(await readFile(path.join(root, 'avatars', 'abc', 'square-small.webp'), 'utf8')).toBe('one');
    await storage.put('avatars/abc/square-small.webp', Buffer.from('two'), 'image/webp');
    expect(await readFile(path.join(root, 'avatars', 'abc', 'square-small.webp'), 'utf8')).toBe('two');
    expect(await filesUnder(root)).toEqual(['avatars/abc/square-small.webp']);
  });

  it('gives public URLs under /uploads, or under another public path', () => {
    expect(storage.url('avatars/abc/square-small.webp')).toBe('/uploads/avatars/abc/square-small.webp');
    const cdn = createLocalImageStorage({ uploadsDir: root, publicPath: 'https://img.example.com/' });
    expect(cdn.url('avatars/abc/x.webp')).toBe('https://img.example.com/avatars/abc/x.webp');
  });

  it.each([
    '../outside.webp',
    'avatars/../../outside.webp',
    'avatars/..',
    '/etc/passwd',
    'avatars//x.webp',
    'avatars/.hidden',
    'avatars\\..\\x.webp',
    'avatars/x.webp/',
    '',
  ])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Unsafe image storage key/,
    );
    expect(() => storage.url(key)).toThrow(/Unsafe image storage key/);
    expect(await readdir(path.dirname(root))).not.toContain('outside.webp');
  });

  it('removes everything under a folder prefix and nothing else', async () => {
    for (const key of ['avatars/a/1.webp', 'avatars/a/2.webp', 'avatars/ab/1.webp', 'avatars/b/1.webp']) {
      await storage.put(key, Buffer.from(key), 'image/webp');
    }
    await storage.removePrefix('avatars/a/');
    expect(await filesUnder(root)).toEqual(['avatars/ab/1.webp', 'avatars/b/1.webp']);
  });

  it('removes by a partial name as an object store does', async () => {
    for (const key of ['avatars/a/1.webp', 'avatars/ab/1.webp', 'avatars/b/1.webp', 'avatars/a-1.webp']) {
      await storage.put(key, Buffer.from(key), 'image/webp');
    }
    await storage.removePrefix('avatars/a');
    expect(await filesUnder(root)).toEqual(['avatars/b/1.webp']);
  });

  it('does not mind removing what is not there', async () => {
    await expect(storage.removePrefix('avatars/missing/')).resolves.toBeUndefined();
    await expect(storage.removePrefix('nothing/here')).resolves.toBeUndefined();
  });

  it.each(['', '/', '../', 'avatars/../', '..'])('refuses to remove the unsafe prefix %j', async (prefix) => {
    await storage.put('avatars/a/1.webp', Buffer.from('kept'), 'image/webp');
    await expect(storage.removePrefix(prefix)).rejects.toThrow(/Unsafe image storage key/);
    expect(await filesUnder(root)).toEqual(['avatars/a/1.webp']);
  });
});
