import { describe, expect, it } from 'vitest';
import { emailLinks } from './email-links.ts';

describe('emailLinks', () => {
  it('lists the links of the HTML and the text once each, in order, with entities decoded', () => {
    const html = `<a href="https://hora.test/verify-email?t=a&amp;x=1">Confirm</a>
      <a href='https://hora.test/help'>Help</a>
      <a href="https://hora.test/verify-email?t=a&#38;x=1">again</a>`;
    const text = 'Confirm: https://hora.test/verify-email?t=a&x=1\nMore at https://hora.test/about.';
    expect(emailLinks(html, text)).toEqual([
      'https://hora.test/verify-email?t=a&x=1',
      'https://hora.test/help',
      'https://hora.test/about',
    ]);
  });

  it('keeps only http(s) links', () => {
    const html = `<a href="javascript:alert(1)">x</a><a href="mailto:a@b.c">m</a>
      <a href="JaVaScRiPt&#58;alert(1)">y</a><a href="/relative">r</a><a href="http://localhost:3000/reset-password?t=1">ok</a>`;
    expect(emailLinks(html, '')).toEqual(['http://localhost:3000/reset-password?t=1']);
  });

  it('finds nothing in an email without links', () => {
    expect(emailLinks('<p>Hola</p>', 'Hola')).toEqual([]);
  });
});
