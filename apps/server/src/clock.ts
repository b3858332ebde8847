/**
 * The one source of "now" for the server: services, routes, adapters and jobs are handed a `Clock`
 * and never read `Date.now()` or `new Date()` themselves (`scripts/check-one-clock.mjs` enforces it).
 * Production runs on `systemClock`; tests, and a server started with TEST_CLOCK=true, on a
 * `TestClock` they can move. Durations measured for timeouts (`performance.now()`) are not readings
 * of the time and stay outside.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  // The one place allowed to read the machine's clock.
  now: () => new Date(),
};

/**
 * A clock tests move forward. Frozen at a given moment (unit tests: every reading is the same until
 * the test moves it), or running along with another clock plus the distance it was moved (a server
 * started with TEST_CLOCK=true, whose time must keep flowing between a journey's steps).
 */
export class TestClock implements Clock {
  private readonly base: () => number;
  private offsetMs = 0;

  constructor(start: Date | string | Clock) {
    if (typeof start === 'object' && 'now' in start) {
      this.base = () => start.now().getTime();
    } else {
      const fixed = new Date(start).getTime();
      if (Number.isNaN(fixed)) throw new RangeError(`Not a moment: ${String(start)}`);
      this.base = () => fixed;
    }
  }

  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }

  /** Moves the clock `ms` milliseconds forward; moving back is refused (see decision 0016). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`A test clock only moves forward (${ms} ms)`);
    this.offsetMs += ms;
    return this.now();
  }

  /** Moves the clock to `moment`, which may not be before the current time. */
  set(moment: Date | string): Date {
    return this.advance(new Date(moment).getTime() - this.now().getTime());
  }
}
