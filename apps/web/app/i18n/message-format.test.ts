import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from './catalogue.ts';
import type { Locale } from './locales.ts';
import { compileMessage } from './message-format.ts';

const reference = (source: string, locale: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(source, locale).format(values));

/** The names a message reads, and whether each is counted (plural, number). */
function argumentsOf(source: string): Map<string, boolean> {
  const names = new Map<string, boolean>();
  for (const match of source.matchAll(/\{\s*([\w.]+)\s*(?:,\s*(\w+))?/g)) {
    const [, name, type] = match;
    if (name) names.set(name, (names.get(name) ?? false) || type === 'plural' || type === 'number');
  }
  return names;
}

describe('compileMessage', () => {
  for (const locale of ['es', 'en'] as Locale[]) {
    it(`formats every ${locale} catalogue text as intl-messageformat does`, () => {
      let checked = 0;
      for (const [key, source] of Object.entries(mergedCatalogue(locale))) {
        const names = argumentsOf(source);
        for (const sample of [0, 1, 2, 21, 1200, 1.5]) {
          const values = Object.fromEntries(
            [...names].map(([name, counted]) => [name, counted ? sample : `v${sample}`]),
          );
          expect(compileMessage(source, locale).format(values), `${key}: ${source}`).toBe(
            reference(source, locale, values),
          );
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  }

  it('follows ICU quoting, exact plural cases, select, numbers and nesting', () => {
    const cases: [string, Record<string, string | number>][] = [
      ["Escribe '{'nombre'}' tal cual, it''s", {}],
      ["Don't '#' {n, plural, one {'#' # día} other {# días}}", { n: 3 }],
      ['{count, plural, =0 {Ninguno} one {Uno: {name}} other {# de {name}}}', { count: 0, name: 'Ana' }],
      ['{count, plural, =0 {Ninguno} one {Uno: {name}} other {# de {name}}}', { count: 1, name: 'Ana' }],
      ['{count, plural, =0 {Ninguno} one {Uno: {name}} other {# de {name}}}', { count: 12345, name: 'Ana' }],
      ['{who, select, host {Anfitrión} other {Cliente {who}}}', { who: 'host' }],
      ['{who, select, host {Anfitrión} other {Cliente {who}}}', { who: 'x' }],
      ['{n, number} € y {m}', { n: 12345.5, m: 9999 }],
      ['{m} y {t}', { m: 0, t: '' }],
    ];
    for (const locale of ['es', 'en']) {
      for (const [source, values] of cases) {
        expect(compileMessage(source, locale).format(values), source).toBe(reference(source, locale, values));
      }
    }
  });

  it('refuses what it does not format instead of rendering it wrongly', () => {
    for (const source of [
      'Hola <b>{name}</b>',
      '{n, date, short}',
      '{n, plural, offset:1 one {#} other {#}}',
      '{n, plural, one {#}}',
      'Sin cerrar {name',
      'De más }',
    ]) {
      expect(() => compileMessage(source, 'es'), source).toThrow(SyntaxError);
    }
    expect(() => compileMessage('Hola {name}', 'es').format({})).toThrow(/name/);
  });
});
