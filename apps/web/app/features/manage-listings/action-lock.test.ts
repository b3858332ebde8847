import { describe, expect, it } from 'vitest';
import { cardActionState, runningAction } from './action-lock.ts';

const A = '0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';
const B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('runningAction', () => {
  it('is the open or close form a fetcher is sending, or whose new state it is loading', () => {
    expect(
      runningAction([{ state: 'submitting', formData: form({ intent: 'close', listingId: A }) }]),
    ).toEqual({
      listingId: A,
      action: 'close',
    });
    expect(runningAction([{ state: 'loading', formData: form({ intent: 'open', listingId: B }) }])).toEqual({
      listingId: B,
      action: 'open',
    });
  });

  it('is none when every fetcher is idle or busy with something else', () => {
    expect(runningAction([])).toBeNull();
    expect(runningAction([{ state: 'idle', formData: form({ intent: 'close', listingId: A }) }])).toBeNull();
    expect(runningAction([{ state: 'loading' }])).toBeNull();
    expect(
      runningAction([{ state: 'submitting', formData: form({ intent: 'delete', listingId: A }) }]),
    ).toBeNull();
  });
});

describe('cardActionState: one action at a time', () => {
  it('leaves every card usable while nothing runs', () => {
    expect(cardActionState(A, null)).toBe('ready');
  });

  it('shows the running card busy and makes every other card wait', () => {
    const running = { listingId: A, action: 'close' as const };
    expect(cardActionState(A, running)).toBe('running');
    expect(cardActionState(B, running)).toBe('waiting');
  });
});
