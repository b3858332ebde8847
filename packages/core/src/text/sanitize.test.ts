import { describe, expect, it } from 'vitest';
import { sanitizeListing, sanitizeProfile, sanitizeText } from './sanitize.ts';
import { truncateText } from './truncate.ts';

describe('sanitizeText', () => {
  it.each([
    ['<script>alert(1)</script>', '＜script＞alert(1)＜/script＞'],
    ['Sala > 20 m²', 'Sala ＞ 20 m²'],
    ['sin cambios', 'sin cambios'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sanitizeText(input)).toBe(output);
  });

  it('passes null and undefined through', () => {
    expect(sanitizeText(null)).toBeNull();
    expect(sanitizeText(undefined)).toBeUndefined();
  });
});

describe('sanitizeListing', () => {
  it('sanitises title, description, address, building and rules only', () => {
    expect(
      sanitizeListing({
        title: '<b>Sala</b>',
        description: 'a<b',
        price: { amount: 1, currency: 'EUR' },
        publicData: {
          location: { address: '<Calle>', building: '2º <B>' },
          rules: 'no <fumar>',
          category: ['<sala>'],
        },
      }),
    ).toEqual({
      title: '＜b＞Sala＜/b＞',
      description: 'a＜b',
      price: { amount: 1, currency: 'EUR' },
      publicData: {
        location: { address: '＜Calle＞', building: '2º ＜B＞' },
        rules: 'no ＜fumar＞',
        category: ['<sala>'],
      },
    });
  });

  it('does not add fields that were absent', () => {
    expect(sanitizeListing({ title: '<x>' })).toEqual({ title: '＜x＞' });
    expect(sanitizeListing({ publicData: { location: {} } })).toEqual({ publicData: { location: {} } });
    expect(sanitizeListing({ publicData: null })).toEqual({ publicData: null });
  });
});

describe('sanitizeProfile', () => {
  it('sanitises display name, abbreviated name and bio', () => {
    expect(
      sanitizeProfile({ displayName: '<Ana>', abbreviatedName: 'A<', bio: '>', firstName: '<Ana>' }),
    ).toEqual({
      displayName: '＜Ana＞',
      abbreviatedName: 'A＜',
      bio: '＞',
      firstName: '<Ana>',
    });
    expect(sanitizeProfile({})).toEqual({});
  });
});

describe('truncateText', () => {
  it.each([
    ['corto', 170, 'corto', false],
    ['x'.repeat(170), 170, 'x'.repeat(170), false],
    ['abcdef', 3, 'abc…', true],
    ['ab cdef', 3, 'ab…', true],
    ['😀😀😀😀', 2, '😀😀…', true],
  ])('%j at %i → %j', (input, max, text, truncated) => {
    expect(truncateText(input, max)).toEqual({ text, truncated });
  });

  it('defaults to the bio limit of 170', () => {
    expect(truncateText('y'.repeat(171)).text).toHaveLength(171);
  });
});
