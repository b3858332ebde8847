import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs.ts';

describe('paragraphs', () => {
  it('splits at blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('Sala luminosa.\nCon terraza.\n\n  \nWifi incluido.\r\n\r\nSin fumar.')).toEqual([
      'Sala luminosa.\nCon terraza.',
      'Wifi incluido.',
      'Sin fumar.',
    ]);
  });

  it('gives nothing for an empty or missing text', () => {
    expect(paragraphs('\n\n  \n')).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
  });
});
