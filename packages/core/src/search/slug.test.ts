import { describe, expect, it } from 'vitest';
import { createSlug } from './slug.ts';

describe('createSlug', () => {
  it.each([
    ['Sala de ensayo', 'sala-de-ensayo'],
    ['Cocina Señorial en Málaga', 'cocina-senorial-en-malaga'],
    ['  Gimnasio   ÚNICO  ', 'gimnasio-unico'],
    ['Estudio «Nº 1» & más!', 'estudio-no-1-mas'],
    ['Straße / Œuvre / Ærø', 'strasse-oeuvre-aero'],
    ['Ça va, Zürich?', 'ca-va-zurich'],
    ['Łódź', 'lodz'],
    ['sala--doble -- grande', 'sala-doble-grande'],
    ['snake_case title', 'snake-case-title'],
    ['café ☕ 24h', 'cafe-24h'],
    ['¿?¡!', 'no-slug'],
    ['', 'no-slug'],
    [null, 'no-slug'],
    [undefined, 'no-slug'],
    ['東京', 'no-slug'],
  ])('%j → %s', (title, slug) => {
    expect(createSlug(title)).toBe(slug);
  });
});
