import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES } from '@hora/core/config';
import { VALIDATION_MESSAGE_KEYS } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { catalogueFiles, mergedCatalogue } from './catalogue.ts';

const es = mergedCatalogue('es');
const en = mergedCatalogue('en');

const appDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [file] : [];
  });
}

describe('message catalogues', () => {
  it('have the same files and keys in Spanish and English', () => {
    const names = (locale: 'es' | 'en') =>
      Object.keys(catalogueFiles(locale)).map((file) => file.split('/').pop());
    expect(names('es')).toEqual(names('en'));
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('define each key in one file only', () => {
    for (const locale of ['es', 'en'] as const) {
      const seen = new Map<string, string>();
      for (const [file, messages] of Object.entries(catalogueFiles(locale))) {
        for (const key of Object.keys(messages)) {
          expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
  });

  it('have no empty message', () => {
    for (const catalogue of [es, en]) {
      for (const [key, message] of Object.entries(catalogue)) expect(message.trim(), key).not.toBe('');
    }
  });

  it('contain every literal key the app translates', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g))
        used.add(match[1]!);
      for (const match of readFileSync(file, 'utf8').matchAll(/Key: '([a-zA-Z0-9_.]+)'/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((key) => !(key in es) || !(key in en));
    expect(missing).toEqual([]);
  });

  it('have the texts of every status page', () => {
    for (const prefix of ['notFound', 'errors.generic', 'errors.chunkLoad']) {
      for (const part of ['title', 'description', 'landingLink']) {
        expect(es).toHaveProperty([`${prefix}.${part}`]);
        expect(en).toHaveProperty([`${prefix}.${part}`]);
      }
    }
  });

  it('translate every validation message of the domain core', () => {
    const missing = VALIDATION_MESSAGE_KEYS.filter((key) => !(key in es) || !(key in en));
    expect(missing).toEqual([]);
  });

  it('name every category in both languages', () => {
    for (const category of CATEGORIES) {
      expect(es).toHaveProperty([`categories.${category}`]);
      expect(en).toHaveProperty([`categories.${category}`]);
    }
  });
});
