import type { ListingAction } from './own-listings-api.ts';

/** The form fields of an open or close action (one card's form). */
export const ACTION_FIELDS = { intent: 'intent', listingId: 'listingId' } as const;

/** What React Router tells of a fetcher: its state and, while it submits, the form it sent. */
interface FetcherLike {
  state: 'idle' | 'submitting' | 'loading';
  formData?: FormData | undefined;
}

export interface RunningAction {
  listingId: string;
  action: ListingAction;
}

/**
 * Spec part 1 §2: while one listing is being opened or closed, the actions of every card wait.
 * The running one is the fetcher still busy with an open or close form (sending it, then loading
 * the page again with the new state).
 */
export function runningAction(fetchers: readonly FetcherLike[]): RunningAction | null {
  for (const fetcher of fetchers) {
    if (fetcher.state === 'idle' || !fetcher.formData) continue;
    const action = fetcher.formData.get(ACTION_FIELDS.intent);
    const listingId = fetcher.formData.get(ACTION_FIELDS.listingId);
    if ((action === 'open' || action === 'close') && typeof listingId === 'string') {
      return { listingId, action };
    }
  }
  return null;
}

/**
 * A card's actions: usable (`ready`), busy with its own action (`running`: it shows its progress),
 * or waiting for another card's action to end (`waiting`). Both of the last two are disabled.
 */
export function cardActionState(
  listingId: string,
  running: RunningAction | null,
): 'ready' | 'running' | 'waiting' {
  if (running === null) return 'ready';
  return running.listingId === listingId ? 'running' : 'waiting';
}
