import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VALIDATION_MESSAGE_KEYS } from '@hora/core/validation';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import { type Messages, mergedCatalogue, namespaceCatalogue, serializeMessages } from './catalogue.ts';
import { NAMESPACES, type Namespace, SHELL_NAMESPACES } from './namespaces.ts';
import { type MessagesHandle, mergeMessages, messagesOfMatches } from './route-messages.ts';

const appDir = path.resolve(import.meta.dirname, '..');
const allKeys = new Set([...Object.keys(mergedCatalogue('es')), ...Object.keys(mergedCatalogue('en'))]);

/** The app's own modules a file loads at run time (type-only imports bring no texts), as absolute paths. */
function localImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const statics = [...source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^'?]+)'/gm)]
    .filter((match) => !match[1])
    .map((match) => match[2]!);
  const dynamics = [...source.matchAll(/import\(\s*'(\.{1,2}\/[^'?]+)'\s*\)/g)].map((match) => match[1]!);
  const specifiers = [...statics, ...dynamics];
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((resolved) => /\.tsx?$/.test(resolved) && existsSync(resolved));
}

function moduleGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...localImports(file));
  }
  return seen;
}

interface KeyUse {
  keys: Set<string>;
  /** Keys built at run time (`categories.${category}`): some key with the prefix must be there. */
  prefixes: Set<string>;
}

/** Message keys a set of modules can translate: literal keys, key prefixes, core validation keys. */
function keysUsedBy(files: Iterable<string>): KeyUse {
  const use: KeyUse = { keys: new Set(), prefixes: new Set() };
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/['"`]([a-zA-Z][\w.-]*)['"`]/g)) {
      if (allKeys.has(match[1]!)) use.keys.add(match[1]!);
    }
    for (const match of source.matchAll(/`([a-zA-Z][\w.-]*\.)\$\{/g)) use.prefixes.add(match[1]!);
    // Zod messages of the domain core are message keys the forms show.
    if (source.includes("'@hora/core/validation'"))
      for (const key of VALIDATION_MESSAGE_KEYS) use.keys.add(key);
  }
  return use;
}

function available(namespaces: readonly Namespace[]): Messages {
  return Object.assign({}, ...namespaces.map((namespace) => namespaceCatalogue('en', namespace)));
}

function missingKeys(use: KeyUse, messages: Messages): string[] {
  const missing = [...use.keys].filter((key) => !(key in messages));
  for (const prefix of use.prefixes) {
    if (!Object.keys(messages).some((key) => key.startsWith(prefix))) missing.push(`${prefix}*`);
  }
  return missing.sort();
}

interface RoutePath {
  files: string[];
  namespaces: Namespace[];
  /** Action, redirect and pathless message routes show nothing of their own. */
  renders: boolean;
}

/** Every route of routes.ts with the modules on its way down from the root and the namespaces they bring. */
async function routePaths(entries: RouteConfigEntry[], parent: RoutePath): Promise<RoutePath[]> {
  const paths: RoutePath[] = [];
  for (const entry of entries) {
    const file = path.join(appDir, entry.file);
    const module = (await import(/* @vite-ignore */ file)) as {
      handle?: Partial<MessagesHandle>;
      default?: unknown;
    };
    const here: RoutePath = {
      files: [...parent.files, file],
      namespaces: [...parent.namespaces, ...(module.handle?.messages ?? [])],
      renders: module.default !== undefined,
    };
    paths.push(here, ...(await routePaths(entry.children ?? [], here)));
  }
  return paths;
}

describe('messages by route', () => {
  it('gives every page the texts its modules translate: the shell namespaces plus its layouts’ ones', async () => {
    const root: RoutePath = {
      files: [path.join(appDir, 'root.tsx')],
      namespaces: [...SHELL_NAMESPACES],
      renders: true,
    };
    const paths = [root, ...(await routePaths(routes, root))].filter((route) => route.renders);
    expect(paths.length).toBeGreaterThan(15);
    const problems = paths.flatMap(({ files, namespaces }) =>
      missingKeys(keysUsedBy(moduleGraph(files)), available(namespaces)).map(
        (key) => `${path.relative(appDir, files.at(-1)!)}: ${key}`,
      ),
    );
    expect(problems).toEqual([]);
    // Reads every route's module graph from disk: about five seconds alone, more under the suite's load.
  }, 60_000);

  it('finds the keys a module translates, so the check above can fail', () => {
    const landing = keysUsedBy(moduleGraph([path.join(appDir, 'routes', 'landing.tsx')]));
    expect(landing.keys).toContain('landing.hero.title');
    expect(landing.prefixes).toContain('categories.');
    expect(missingKeys(landing, available(SHELL_NAMESPACES))).toContain('landing.hero.title');
    expect(
      missingKeys(
        landing,
        available([...SHELL_NAMESPACES, 'landing', 'categories', 'listingCard', 'favourites']),
      ),
    ).toEqual([]);
  });

  it('names a namespace for every message file', () => {
    const files = Object.keys(import.meta.glob('./messages/en/*.json')).map((file) =>
      path.basename(file, '.json'),
    );
    expect([...NAMESPACES].sort()).toEqual(files.sort());
  });
});

describe('messagesOfMatches', () => {
  it('takes the messages of the root and of the routes that declare namespaces, in order', () => {
    const shell = { 'topbar.login': 'Log in' };
    const auth = { 'auth.login.title': 'Log in' };
    const matches = [
      { id: 'root', data: { messages: serializeMessages(shell), locale: 'en' } },
      {
        id: 'routes/messages-auth',
        handle: { messages: ['auth'] },
        loaderData: { messages: serializeMessages(auth) },
      },
      // A page whose own data happens to have a `messages` field (e.g. emails) brings no texts.
      { id: 'routes/dev-mailbox', data: { messages: [{ subject: 'Hi' }] } },
      undefined,
    ];
    expect(messagesOfMatches(matches)).toEqual([shell, auth]);
  });

  it('parses each text once: a later render (or navigation) with an equal text gets the same object', () => {
    const root = (text: string) => [{ id: 'root', data: { messages: text } }];
    const text = serializeMessages({ 'topbar.login': 'Entrar', 'shared.title': '«Hora» €' });
    const [first] = messagesOfMatches(root(text));
    expect(first).toEqual({ 'topbar.login': 'Entrar', 'shared.title': '«Hora» €' });
    expect(Object.isFrozen(first)).toBe(true);
    // A copy of the text, as a client navigation's data decodes it, finds the parsed object.
    expect(messagesOfMatches(root(text.split('').join('')))[0]).toBe(first);
    // So the merge of the shell's and a page's texts is the same object render after render.
    const page = serializeMessages({ 'shared.title': 'Página' });
    const merged = mergeMessages(
      messagesOfMatches([...root(text), { id: 'p', handle: { messages: [] }, data: { messages: page } }]),
    );
    expect(
      mergeMessages(
        messagesOfMatches([...root(text), { id: 'p', handle: { messages: [] }, data: { messages: page } }]),
      ),
    ).toBe(merged);
  });
});

describe('mergeMessages', () => {
  it('lets the page’s texts win over the shell’s and merges a pair of sources once', () => {
    const shell = { 'topbar.login': 'Log in', 'shared.title': 'Shell' };
    const page = { 'shared.title': 'Page' };
    const merged = mergeMessages([shell, page]);
    expect(merged).toEqual({ 'topbar.login': 'Log in', 'shared.title': 'Page' });
    expect(mergeMessages([shell, page])).toBe(merged);
    expect(mergeMessages([shell, { ...page }])).not.toBe(merged);
    expect(shell).toEqual({ 'topbar.login': 'Log in', 'shared.title': 'Shell' });
  });

  it('returns a single source as it is, and nothing for none', () => {
    const shell = { 'topbar.login': 'Log in' };
    expect(mergeMessages([shell])).toBe(shell);
    expect(mergeMessages([])).toEqual({});
  });

  it('merges three sources in order', () => {
    expect(mergeMessages([{ a: '1', b: '1' }, { b: '2', c: '2' }, { c: '3' }])).toEqual({
      a: '1',
      b: '2',
      c: '3',
    });
  });
});
