import { useMatches } from 'react-router';
import { type Messages, parseMessages, type SerializedMessages } from './catalogue.ts';
import type { Namespace } from './namespaces.ts';

/**
 * A route that brings texts declares their namespaces here; its loader returns `{ messages }`, as
 * `messagesFor` serializes them.
 */
export interface MessagesHandle {
  messages: readonly Namespace[];
}

/** What both `useMatches()` and a meta function's `matches` tell about a route. */
interface MatchLike {
  id: string;
  handle?: unknown;
  data?: unknown;
  loaderData?: unknown;
}

function messagesOf(match: MatchLike | undefined): Messages | undefined {
  if (!match) return undefined;
  const bringsMessages =
    match.id === 'root' || (match.handle as Partial<MessagesHandle> | undefined)?.messages;
  if (!bringsMessages) return undefined;
  const serialized = ((match.loaderData ?? match.data) as { messages?: unknown } | undefined)?.messages;
  return typeof serialized === 'string' ? parseMessages(serialized as SerializedMessages) : undefined;
}

/** The messages objects of the matched routes that bring some: the shell's (root) and the page's. */
export function messagesOfMatches(matches: readonly (MatchLike | undefined)[]): Messages[] {
  return matches.map(messagesOf).filter((messages): messages is Messages => messages !== undefined);
}

/** Merges by the identity of their sources: the shell's messages, then the page's. */
const merges = new WeakMap<Messages, WeakMap<Messages, Messages>>();

/**
 * The routes' messages as one catalogue, later routes winning. Sources are the same objects render
 * after render (the server hands out one object per language and namespace set, the browser keeps
 * loader data across navigations), so each pair is merged once.
 */
export function mergeMessages(sources: readonly Messages[]): Messages {
  const [first, second, ...rest] = sources;
  if (!first) return {};
  if (!second) return first;
  if (rest.length > 0) return Object.assign({}, ...sources);
  let withFirst = merges.get(first);
  if (!withFirst) {
    withFirst = new WeakMap();
    merges.set(first, withFirst);
  }
  let result = withFirst.get(second);
  if (!result) {
    result = { ...first, ...second };
    withFirst.set(second, result);
  }
  return result;
}

/** The merged catalogue of the routes on screen. */
export function useRouteMessages(): Messages {
  return mergeMessages(messagesOfMatches(useMatches()));
}
