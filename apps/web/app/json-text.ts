import { useMemo } from 'react';

/**
 * A value as the JSON text it travels in from a loader to the page (decision 0074). React Router
 * encodes a loader's data value by value, through a reference table; a string it writes as it is,
 * so a large part of a page's data (its texts, a list of results) costs one `JSON.stringify` on the
 * server and one `JSON.parse` in the browser. The type remembers what the text holds.
 */
export type JsonText<T> = string & { readonly jsonTextOf: T };

export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}

/** The value a loader's text holds, parsed once per text (the same object while the text stays). */
export function useJsonText<T>(text: JsonText<T>): T;
export function useJsonText<T>(text: JsonText<T> | null): T | null;
export function useJsonText<T>(text: JsonText<T> | null): T | null {
  return useMemo(() => (text === null ? null : parseJsonText(text)), [text]);
}
