/** How long the map waits after the user's last move before it searches (spec: about 300 ms). */
export const MAP_SEARCH_DELAY_MS = 300;

export interface MoveReporter<T> {
  /** Runs a move the component makes itself (fit to bounds, resize): its move events are ignored. */
  programmatic<R>(run: () => R): R;
  /** Leaflet's `moveend`, with the view it ended on. Returns whether it was the user's move. */
  moved(view: () => T): boolean;
  /** Stops a report waiting for its delay (the map is unmounted, or search-on-move was turned off). */
  cancel(): void;
}

/**
 * Tells the user's moves from the component's own and reports the user's, debounced: a drag,
 * a zoom or a cluster click ends in `moveend` outside `programmatic`, a `fitBounds` the component
 * made (synchronous: it runs without animation) ends inside it. Only the last of quick moves reports.
 */
export function createMoveReporter<T>(options: {
  delayMs?: number;
  report: (view: T) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}): MoveReporter<T> {
  const delay = options.delayMs ?? MAP_SEARCH_DELAY_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let depth = 0;
  let timer: unknown = null;

  function cancel() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  return {
    programmatic(run) {
      depth += 1;
      try {
        return run();
      } finally {
        depth -= 1;
      }
    },
    moved(view) {
      if (depth > 0) return false;
      cancel();
      timer = setTimer(() => {
        timer = null;
        options.report(view());
      }, delay);
      return true;
    },
    cancel,
  };
}
