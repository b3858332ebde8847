import { describe, expect, it } from 'vitest';
import { createSlots } from './processing-slots.ts';

describe('createSlots', () => {
  it('runs at most the given number of tasks at once, in arrival order, and passes results and errors on', async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (id === 3) throw new Error('task 3 failed');
      return id;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((id) => inSlot(task(id))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      1,
      2,
      'failed',
      4,
      5,
      6,
    ]);
    // Every slot was given back: new work starts at once.
    expect(await inSlot(async () => 'free')).toBe('free');
  });
});
