/**
 * The browser's side of live updates (decision 0048), loaded after the first paint: an EventSource
 * on `/api/events` and, where there is none or it keeps failing, a periodic check while the tab is
 * visible. It decides *whether* the page should read its data again; the caller revalidates.
 */

/** What the server sends (`modules/live-updates/hub.ts`). */
export type LiveEvent =
  | { kind: 'transition' | 'message'; transaction: string; role: 'customer' | 'provider' }
  | { kind: 'resync' };

/** The part of the browser's EventSource used here (tests hand in a fake). */
export interface EventSourceLike {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface VisibilitySource {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface LiveConnectionOptions {
  /** The page's path now (read at each event: the person moves between pages). */
  pathname: () => string;
  /** The inbox dot's count the page shows now. */
  salesAwaiting: () => number;
  /** Reads the page's data again (React Router's revalidation). */
  refresh: () => void;
  /** `undefined` where the browser has none: the periodic check takes over at once. */
  EventSource: (new (url: string) => EventSourceLike) | undefined;
  /** The count of sales awaiting an answer (`GET /api/transactions/awaiting-count`), for the periodic check. */
  awaitingCount: () => Promise<number>;
  visibility: VisibilitySource;
  url?: string;
  /** Errors in a row, with no opening or event between them, after which the stream is given up. */
  maxFailures?: number;
  pollMs?: number;
  /** Events close together cause one refresh. */
  settleMs?: number;
}

const CLOSED = 2;
const TRANSACTION_PAGE = /^\/(?:order|sale)\/([^/]+)\/details\/?$/;

/** Whether the page at `pathname` shows something `event` changed. */
export function concerns(event: LiveEvent, pathname: string): boolean {
  if (event.kind === 'resync') return true;
  if (TRANSACTION_PAGE.exec(pathname)?.[1] === event.transaction) return true;
  if (pathname === '/inbox' || pathname.startsWith('/inbox/')) return true;
  // Anywhere else only the top bar's dot can change: a sale's transition, seen by its host.
  return event.kind === 'transition' && event.role === 'provider';
}

/** Whether the page at `pathname` reads data that changes with its transactions (the periodic check reads them all). */
function showsTransactions(pathname: string): boolean {
  return TRANSACTION_PAGE.test(pathname) || pathname === '/inbox' || pathname.startsWith('/inbox/');
}

/** Starts listening; returns what stops it. */
export function connectLiveUpdates(options: LiveConnectionOptions): () => void {
  const maxFailures = options.maxFailures ?? 3;
  const pollMs = options.pollMs ?? 30_000;
  const settleMs = options.settleMs ?? 250;
  let source: EventSourceLike | undefined;
  let failures = 0;
  let hadError = false;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const refreshSoon = () => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!stopped) options.refresh();
    }, settleMs);
  };

  const check = async () => {
    if (stopped || options.visibility.visibilityState !== 'visible') return;
    if (showsTransactions(options.pathname())) {
      options.refresh();
      return;
    }
    try {
      if ((await options.awaitingCount()) !== options.salesAwaiting()) options.refresh();
    } catch {
      // Offline or signed out meanwhile: the next check or navigation tells.
    }
  };
  const onVisible = () => {
    if (options.visibility.visibilityState === 'visible') void check();
  };

  const fallBack = () => {
    source?.close();
    source = undefined;
    if (poll !== undefined || stopped) return;
    poll = setInterval(() => void check(), pollMs);
    options.visibility.addEventListener('visibilitychange', onVisible);
  };

  if (options.EventSource === undefined) {
    fallBack();
  } else {
    const opened = new options.EventSource(options.url ?? '/api/events');
    source = opened;
    opened.onopen = () => {
      // Back after an interruption: what happened meanwhile was not sent.
      if (hadError) refreshSoon();
      hadError = false;
      failures = 0;
    };
    opened.onmessage = (message) => {
      failures = 0;
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (concerns(event, options.pathname())) refreshSoon();
    };
    opened.onerror = () => {
      hadError = true;
      failures += 1;
      // Refused (401, 429) or failing again and again: the browser would retry forever.
      if (opened.readyState === CLOSED || failures >= maxFailures) fallBack();
    };
  }

  return () => {
    stopped = true;
    clearTimeout(settle);
    clearInterval(poll);
    source?.close();
    options.visibility.removeEventListener('visibilitychange', onVisible);
  };
}
