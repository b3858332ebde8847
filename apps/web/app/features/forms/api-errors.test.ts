import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOGUE, ERROR_CODES, statusOf } from '@hora/core/errors';
import { describe, expect, it } from 'vitest';
import { catalogueFiles, mergedCatalogue } from '../../i18n/catalogue.ts';
import { apiErrorKey } from './api-error-key.ts';
import { formErrorsFrom } from './api-errors.ts';

const appDir = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [file] : [];
  });
}

describe('API error messages', () => {
  it.each(['es', 'en'] as const)('translate every code of the core catalogue (%s)', (locale) => {
    const messages = mergedCatalogue(locale);
    const missing = ERROR_CODES.filter((code) => !(apiErrorKey(code) in messages));
    expect(missing).toEqual([]);
  });

  it.each(['es', 'en'] as const)('keep no text for a code the catalogue does not have (%s)', (locale) => {
    const keys = Object.values(catalogueFiles(locale)).flatMap((messages) => Object.keys(messages));
    const stale = keys
      .filter((key) => key.startsWith('errors.api.') && key !== 'errors.api.generic')
      .filter((key) => !Object.hasOwn(ERROR_CATALOGUE, key.slice('errors.api.'.length)));
    expect(stale).toEqual([]);
  });

  it.each(ERROR_CODES)('show the text of %s', (code) => {
    const errors = formErrorsFrom({
      status: statusOf(code),
      data: { errors: [{ code, status: statusOf(code) }] },
    });
    expect([errors.form, ...Object.values(errors.fields)]).toContain(apiErrorKey(code));
  });

  it('show the generic text for a code the catalogue does not have', () => {
    const errors = formErrorsFrom({ status: 500, data: { errors: [{ code: 'no-such-code', status: 500 }] } });
    expect(errors).toEqual({ form: 'errors.api.generic', fields: {} });
  });

  it('are never keyed by hand: the key of a code comes from apiErrorKey', () => {
    const byHand = sourceFiles(appDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`]errors\.api\.([a-z-]+)['"`]/g)]
        .filter((match) => match[1] !== 'generic')
        .map((match) => `${path.relative(appDir, file)}: ${match[0]}`),
    );
    expect(byHand).toEqual([]);
  });
});
