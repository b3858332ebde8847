import { useRef } from 'react';
import { useMatches } from 'react-router';
import type { Messages } from './catalogue.ts';
import type { Namespace } from './namespaces.ts';

/** A route that brings texts declares their namespaces here; its loader returns `{ messages }`. */
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
  return ((match.loaderData ?? match.data) as { messages?: Messages } | undefined)?.messages;
}

/** The messages objects of the matched routes that bring some: the shell's (root) and the page's. */
export function messagesOfMatches(matches: readonly (MatchLike | undefined)[]): Messages[] {
  return matches.map(messagesOf).filter((messages): messages is Messages => messages !== undefined);
}

/**
 * The merged catalogue of the routes on screen. Routes keep their messages across navigations, so
 * the same objects come back and the merge (and the compiled messages behind it) is reused.
 */
export function useRouteMessages(): Messages {
  const sources = messagesOfMatches(useMatches());
  const cache = useRef<{ sources: Messages[]; merged: Messages } | null>(null);
  let cached = cache.current;
  if (
    !cached ||
    cached.sources.length !== sources.length ||
    cached.sources.some((messages, index) => messages !== sources[index])
  ) {
    cached = { sources, merged: Object.assign({}, ...sources) };
    cache.current = cached;
  }
  return cached.merged;
}
