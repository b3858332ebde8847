import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES } from '@hora/core/config';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };

const appDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [file] : [];
  });
}

describe('message catalogues', () => {
  it('have the same keys in Spanish and English', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
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

  it('name every category in both languages', () => {
    for (const category of CATEGORIES) {
      expect(es).toHaveProperty([`categories.${category}`]);
      expect(en).toHaveProperty([`categories.${category}`]);
    }
  });
});
