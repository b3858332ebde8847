import { describe, expect, inject, it } from 'vitest';
import { advanceClock, serverTime } from '../support/clock.ts';

const baseUrl = inject('baseUrl');
const HOUR = 3600_000;

describe('the test clock of the journeys’ server (TEST_CLOCK=true)', () => {
  it('moves the time the server reads forward, and stays closed without its key', async () => {
    const before = await serverTime();
    // The journeys before this one may have moved it already; it never runs behind real time.
    expect(before.getTime()).toBeGreaterThanOrEqual(Date.now() - 5_000);

    const moved = await advanceClock(2 * HOUR);
    expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(2 * HOUR);
    expect(moved.getTime() - before.getTime()).toBeLessThan(2 * HOUR + 60_000);
    expect((await serverTime()).getTime()).toBeGreaterThanOrEqual(moved.getTime());

    const withoutKey = await fetch(`${baseUrl}/api/dev/clock`);
    expect(withoutKey.status).toBe(404);
    expect(((await withoutKey.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('not-found');
    const back = await fetch(`${baseUrl}/api/dev/clock`, {
      method: 'POST',
      headers: { 'x-test-clock-key': inject('testClockKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(Date.now() - HOUR).toISOString() }),
    });
    expect(back.status).toBe(400);
  });
});
