import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type JsonText, parseJsonText, toJsonText, useJsonText } from './json-text.ts';

describe('JSON text', () => {
  it('carries a value as one string and gives it back whole', () => {
    // Escaping the text inside the document's script is React Router's (its stream's `escapeHtml`).
    const value = { title: 'Sala «Luz» — 25 €', tags: ['ñ', '"'], price: { amount: 2500 }, none: null };
    expect(parseJsonText(toJsonText(value))).toEqual(value);
  });

  it('hands a component the value of its text, or null without one', () => {
    function Probe({ text }: { text: JsonText<number[]> | null }) {
      const value = useJsonText(text);
      return <p>{value === null ? 'nothing' : value.map((n) => n * 2).join(',')}</p>;
    }
    expect(renderToString(<Probe text={toJsonText([1, 2])} />)).toBe('<p>2,4</p>');
    expect(renderToString(<Probe text={null} />)).toBe('<p>nothing</p>');
  });
});
