import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDebouncer,
  createLiveSearch,
  type FiltersModalState,
  filtersModalReducer,
  liveDelayMs,
} from './filters-state.ts';
import { valuesOfQuery } from './search-url.ts';

const results = valuesOfQuery({ keywords: 'sala', people: 4, pub_category: ['sala'] });
const closed: FiltersModalState = { open: false, saved: null, draft: results };

describe('the filters modal', () => {
  it('cancel puts back the values the results are for', () => {
    let state = filtersModalReducer(closed, { type: 'open', current: results });
    state = filtersModalReducer(state, { type: 'change', patch: { people: '10', categories: [] } });
    state = filtersModalReducer(state, { type: 'change', patch: { keywords: 'cocina' } });
    expect(state.draft).toMatchObject({ people: '10', keywords: 'cocina', categories: [] });
    state = filtersModalReducer(state, { type: 'cancel' });
    expect(state).toEqual({ open: false, saved: null, draft: results });
  });

  it('apply keeps the changes; reset all clears the draft only', () => {
    let state = filtersModalReducer(closed, { type: 'open', current: results });
    state = filtersModalReducer(state, { type: 'reset', empty: valuesOfQuery({}) });
    expect(state.draft).toEqual(valuesOfQuery({}));
    expect(state.saved).toEqual(results);
    state = filtersModalReducer(state, { type: 'change', patch: { people: '2' } });
    state = filtersModalReducer(state, { type: 'applied' });
    expect(state).toEqual({ open: false, saved: null, draft: { ...valuesOfQuery({}), people: '2' } });
  });

  it('follows new results while closed, not while open', () => {
    const other = valuesOfQuery({ people: 9 });
    expect(filtersModalReducer(closed, { type: 'sync', current: other }).draft).toEqual(other);
    const open = filtersModalReducer(closed, { type: 'open', current: results });
    expect(filtersModalReducer(open, { type: 'sync', current: other })).toBe(open);
  });
});

describe('live filter timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows new results with the changes still waiting, then searches once with them all', () => {
    const live = createLiveSearch();
    const search = vi.fn();
    expect(live.over(results)).toEqual(results);
    live.change({ priceMax: 80 }, search);
    live.change({ priceMax: 90, people: '2' }, search);
    // Results arriving meanwhile (the categories just applied): theirs, with the price and people on top.
    const kitchens = valuesOfQuery({ keywords: 'sala', pub_category: ['cocina'] });
    expect(live.over(kitchens)).toEqual({ ...kitchens, priceMax: 90, people: '2' });
    vi.advanceTimersByTime(399);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledOnce();
    expect(live.over(kitchens)).toEqual(kitchens);
  });

  it('gives up the waiting changes and their search when cancelled', () => {
    const live = createLiveSearch();
    const search = vi.fn();
    live.change({ people: '3' }, search);
    live.cancel();
    vi.advanceTimersByTime(1_000);
    expect(search).not.toHaveBeenCalled();
    expect(live.over(results)).toEqual(results);
  });

  it('waits 400 ms after the last price change, 600 ms for keywords, 2 s under 3 characters', () => {
    expect(liveDelayMs({ priceMin: 10 })).toBe(400);
    expect(liveDelayMs({ people: '3' })).toBe(400);
    expect(liveDelayMs({ keywords: 'sala' })).toBe(600);
    expect(liveDelayMs({ keywords: 'sa' })).toBe(2000);
    expect(liveDelayMs({ dateStart: '2026-03-28' })).toBe(0);
    expect(liveDelayMs({ categories: ['sala'] })).toBe(0);
  });

  it('runs only the last change, its delay after it', () => {
    const debouncer = createDebouncer();
    const applied: number[] = [];
    for (const price of [10, 20, 30]) {
      debouncer.run(() => applied.push(price), liveDelayMs({ priceMin: price }));
      vi.advanceTimersByTime(399);
    }
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([30]);
  });

  it('short keywords wait 2 s, then the longer text replaces them at 600 ms', () => {
    const debouncer = createDebouncer();
    const applied: string[] = [];
    const type = (text: string) => debouncer.run(() => applied.push(text), liveDelayMs({ keywords: text }));
    type('sa');
    vi.advanceTimersByTime(1999);
    expect(applied).toEqual([]);
    type('sal');
    vi.advanceTimersByTime(599);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(['sal']);
  });

  it('choices apply at once and cancel a waiting change', () => {
    const debouncer = createDebouncer();
    const applied: string[] = [];
    debouncer.run(() => applied.push('price'), 400);
    debouncer.run(() => applied.push('dates'), 0);
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual(['dates']);
    debouncer.run(() => applied.push('keywords'), 600);
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual(['dates']);
  });
});
