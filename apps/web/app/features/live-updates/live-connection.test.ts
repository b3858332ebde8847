import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  concerns,
  connectLiveUpdates,
  type EventSourceLike,
  type LiveConnectionOptions,
  type LiveEvent,
} from './live-connection.ts';

const ID = '0d6f4a52-3c1e-4d8a-9b7f-2e5c8a1d4f60';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A stand-in for the browser's EventSource, driven by the test. */
class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | undefined;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(event: LiveEvent) {
    this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent);
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function page(pathname: string, overrides: Partial<LiveConnectionOptions> = {}) {
  const listeners = new Set<() => void>();
  const visibility = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: 'visibilitychange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'visibilitychange', listener: () => void) => listeners.delete(listener),
  };
  const state = { pathname, count: 0, remoteCount: 0 };
  const refresh = vi.fn();
  const awaitingCount = vi.fn(async () => state.remoteCount);
  const stop = connectLiveUpdates({
    pathname: () => state.pathname,
    salesAwaiting: () => state.count,
    refresh,
    EventSource: FakeEventSource,
    awaitingCount,
    visibility,
    ...overrides,
  });
  const setVisibility = (value: DocumentVisibilityState) => {
    visibility.visibilityState = value;
    for (const listener of listeners) listener();
  };
  return { state, refresh, awaitingCount, stop, setVisibility, listeners, source: FakeEventSource.last };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.last = undefined;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('which events concern the open page', () => {
  it.each([
    [{ kind: 'message', transaction: ID, role: 'customer' }, `/order/${ID}/details`, true],
    [{ kind: 'transition', transaction: ID, role: 'provider' }, `/sale/${ID}/details`, true],
    [{ kind: 'message', transaction: OTHER, role: 'customer' }, `/order/${ID}/details`, false],
    [{ kind: 'message', transaction: OTHER, role: 'provider' }, '/inbox/sales', true],
    [{ kind: 'message', transaction: OTHER, role: 'customer' }, '/inbox', true],
    // Elsewhere only the dot: a sale's transition, for its host.
    [{ kind: 'transition', transaction: OTHER, role: 'provider' }, '/listings', true],
    [{ kind: 'transition', transaction: OTHER, role: 'customer' }, '/listings', false],
    [{ kind: 'message', transaction: OTHER, role: 'provider' }, '/listings', false],
    [{ kind: 'resync' }, '/', true],
  ] as [LiveEvent, string, boolean][])('%j on %s → %s', (event, pathname, expected) => {
    expect(concerns(event, pathname)).toBe(expected);
  });
});

describe('the event stream', () => {
  it('refreshes once for events close together about the open transaction, and not for others', () => {
    const { refresh, source } = page(`/order/${ID}/details`);
    expect(source?.url).toBe('/api/events');
    source?.open();
    source?.send({ kind: 'transition', transaction: ID, role: 'customer' });
    source?.send({ kind: 'message', transaction: ID, role: 'customer' });
    source?.send({ kind: 'message', transaction: OTHER, role: 'customer' });
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    source?.send({ kind: 'message', transaction: OTHER, role: 'customer' });
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reads the page again when the stream is back after an interruption', () => {
    const { refresh, source } = page('/listings');
    source?.open();
    source?.fail(0);
    source?.open();
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(source?.closed).toBe(false);
  });

  it('does not poll while the stream works', async () => {
    const { refresh, awaitingCount, source } = page(`/sale/${ID}/details`);
    source?.open();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(awaitingCount).not.toHaveBeenCalled();
  });

  it('stops: no refresh after, and the stream is closed', () => {
    const { refresh, source, stop } = page(`/sale/${ID}/details`);
    source?.send({ kind: 'transition', transaction: ID, role: 'provider' });
    stop();
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(source?.closed).toBe(true);
  });
});

describe('the periodic refresh instead', () => {
  it('takes over at once without EventSource: every 30 s on a transaction page while visible', async () => {
    const { refresh, setVisibility } = page(`/sale/${ID}/details`, { EventSource: undefined });
    expect(FakeEventSource.last).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(90_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Back to the tab: at once.
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('elsewhere asks for the count and refreshes only when the dot would change', async () => {
    const { refresh, awaitingCount, state } = page('/listings', { EventSource: undefined });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(awaitingCount).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    state.remoteCount = 1;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('takes over when the server refuses the stream (401, 429: the browser gives up)', async () => {
    const { refresh, source } = page('/inbox/sales');
    source?.fail(2);
    expect(source?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('takes over after three errors in a row, and keeps the stream while it opens or sends between errors', async () => {
    const first = page('/inbox/sales');
    first.source?.fail(0);
    first.source?.fail(0);
    first.source?.send({ kind: 'message', transaction: OTHER, role: 'customer' });
    first.source?.fail(0);
    first.source?.fail(0);
    first.source?.open();
    first.source?.fail(0);
    first.source?.fail(0);
    expect(first.source?.closed).toBe(false);
    first.stop();

    const second = page('/inbox/sales');
    second.source?.fail(0);
    second.source?.fail(0);
    second.source?.fail(0);
    expect(second.source?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(second.refresh).toHaveBeenCalledTimes(1);
  });

  it('survives a failing count', async () => {
    const { refresh } = page('/listings', {
      EventSource: undefined,
      awaitingCount: async () => {
        throw new Error('offline');
      },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
