import { PRICE_FILTER } from '@hora/core/config';
import { keywordDelayMs } from '@hora/core/search';
import type { FilterValues } from './search-url.ts';

/**
 * The phones' filters modal: opening it remembers the values the results are for, changes are a
 * draft, cancel puts the remembered values back, apply keeps the draft.
 */
export interface FiltersModalState {
  open: boolean;
  /** The values of the results when the modal opened (cancel restores them). */
  saved: FilterValues | null;
  draft: FilterValues;
}

export type FiltersModalAction =
  | { type: 'open'; current: FilterValues }
  | { type: 'change'; patch: Partial<FilterValues> }
  | { type: 'reset'; empty: FilterValues }
  | { type: 'cancel' }
  | { type: 'applied' }
  /** The results changed under the closed modal (a link, the map): its draft follows them. */
  | { type: 'sync'; current: FilterValues };

export function filtersModalReducer(state: FiltersModalState, action: FiltersModalAction): FiltersModalState {
  switch (action.type) {
    case 'open':
      return { open: true, saved: action.current, draft: action.current };
    case 'change':
      return { ...state, draft: { ...state.draft, ...action.patch } };
    case 'reset':
      return { ...state, draft: action.empty };
    case 'cancel':
      return { open: false, saved: null, draft: state.saved ?? state.draft };
    case 'applied':
      return { open: false, saved: null, draft: state.draft };
    case 'sync':
      return state.open ? state : { ...state, draft: action.current };
  }
}

/**
 * How long a live filter waits after the last change before the results follow: prices and people 400 ms,
 * keywords 600 ms (2 s while shorter than 3 characters), choices at once.
 */
export function liveDelayMs(patch: Partial<FilterValues>): number {
  if (patch.keywords !== undefined) return keywordDelayMs(patch.keywords);
  // A number is typed digit by digit, like a price is dragged: wait for the last one.
  if (patch.priceMin !== undefined || patch.priceMax !== undefined || patch.people !== undefined) {
    return PRICE_FILTER.debounceMs;
  }
  return 0;
}

/**
 * The filter bar's live search: its changes wait for their pause (`liveDelayMs`), then one search
 * carries them all. New results (a link, the map, the modal, or the change before) can arrive while
 * they wait: the controls show the new results with them on top, and the waiting search still runs,
 * instead of losing them.
 */
export function createLiveSearch() {
  const debouncer = createDebouncer();
  let pending: Partial<FilterValues> = {};
  return {
    /** A live change (the categories' draft never is): `search` runs after its pause. */
    change(patch: Partial<FilterValues>, search: () => void) {
      pending = { ...pending, ...patch };
      debouncer.run(() => {
        pending = {};
        search();
      }, liveDelayMs(patch));
    },
    /** The controls' values for these results: theirs, with the changes still waiting on top. */
    over(current: FilterValues): FilterValues {
      return { ...current, ...pending };
    },
    /** Given up (a submit, reset all, the page left): nothing waits any more. */
    cancel() {
      debouncer.cancel();
      pending = {};
    },
  };
}

/** One pending action at a time: a new change replaces the waiting one. */
export function createDebouncer() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run(action: () => void, delayMs: number) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (delayMs <= 0) {
        action();
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        action();
      }, delayMs);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
