import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, safeReturnPath } from './safe-return-path.ts';

// A global of every runtime; the core compiles without DOM or Node types (see safe-return-path.ts).
declare const URL: new (input: string, base: string) => { readonly origin: string };

const BASE = 'https://hora.example';
const FALLBACK = '\u0000fallback';

/** The output of an accepted input must never take a browser to another origin. */
function expectSameOriginOrRefused(input: unknown) {
  const output = safeReturnPath(input, FALLBACK);
  if (output === FALLBACK) return;
  expect(output).toBe(input);
  expect(new URL(output, BASE).origin).toBe(BASE);
  // Nor once a careless decoder has unwrapped it (a second redirect, a proxy, a log viewer link).
  let decoded = output;
  for (let round = 0; round < 4; round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
    expect(new URL(decoded, BASE).origin).toBe(BASE);
  }
}

const DANGEROUS_PIECES = [
  '/',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u200b',
  '%2F',
  '%2f',
  '%5C',
  '%09',
  '%0A',
  '%00',
  '%25',
  '%252F',
  '@',
  ':',
  '.',
  '//',
  '/\\',
  'evil.example',
  'https:',
  'javascript:',
  '?',
  '#',
  'ａ',
  '／',
];

const pieces = fc
  .array(fc.constantFrom(...DANGEROUS_PIECES), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('safeReturnPath properties', () => {
  it('never accepts an ASCII string that leaves the origin', () => {
    fc.assert(fc.property(fc.string(), expectSameOriginOrRefused), { numRuns: 1000 });
    fc.assert(
      fc.property(fc.string(), (rest) => expectSameOriginOrRefused(`/${rest}`)),
      { numRuns: 1000 },
    );
  });

  it('never accepts a unicode string (lone surrogates included) that leaves the origin', () => {
    const unicode = fc.string({ unit: 'binary' });
    fc.assert(fc.property(unicode, expectSameOriginOrRefused), { numRuns: 500 });
    fc.assert(
      fc.property(unicode, (rest) => expectSameOriginOrRefused(`/${rest}`)),
      { numRuns: 500 },
    );
  });

  it('never accepts a string built from the pieces of known tricks that leaves the origin', () => {
    fc.assert(fc.property(pieces, expectSameOriginOrRefused), { numRuns: 5000 });
    fc.assert(
      fc.property(pieces, (rest) => expectSameOriginOrRefused(`/${rest}`)),
      { numRuns: 5000 },
    );
  });

  it('refuses anything that is not a string', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect(safeReturnPath(value, FALLBACK)).toBe(FALLBACK);
        },
      ),
    );
  });

  it('keeps every ordinary path of the site, with its query and fragment', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9_~-]{1,12}$/);
    const query = fc.stringMatching(/^[a-zA-Z0-9=&_-]{0,20}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), query, (segments, search) => {
        const path = `/${segments.join('/')}${search ? `?${search}` : ''}`;
        expect(safeReturnPath(path, FALLBACK)).toBe(path);
      }),
    );
  });
});

describe('safeReturnPath examples', () => {
  it.each([
    ['/\t/evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    [' /evil'],
    ['/ /evil'],
    ['/%2F/evil.example'],
    ['/%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['/%252F%252Fevil.example'],
    ['%2F%2Fevil.example'],
    ['https://evil.example'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/\u0000'],
    ['/caf\u00e9'],
    ['/\u2028'],
    ['/%25252525252F'],
    [''],
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBe('/');
    expect(safeReturnPath(input, '/account')).toBe('/account');
  });

  it.each([
    ['/'],
    ['/s?q=x'],
    ['/l/abc#book'],
    ['/account/contact-details'],
    ['/account?x=1#y'],
    ['/s?q=caf%C3%A9&address=Madrid%2C%20Espa%C3%B1a'],
    ['/s?q=%2F%2F'],
    ['/u/1?tab=reviews:recent'],
  ])('keeps %j', (input) => {
    expect(safeReturnPath(input)).toBe(input);
  });

  it(`keeps paths up to ${MAX_RETURN_PATH_LENGTH} characters and refuses longer ones`, () => {
    const longest = `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`;
    expect(safeReturnPath(longest)).toBe(longest);
    expect(safeReturnPath(`${longest}a`)).toBe('/');
  });
});
