import { inject } from 'vitest';

/** The header the server's test clock reads its key from (apps/server/src/modules/test-clock). */
const KEY_HEADER = 'x-test-clock-key';

async function clockRequest(init: RequestInit = {}): Promise<Date> {
  const response = await fetch(`${inject('baseUrl')}/api/dev/clock`, {
    ...init,
    headers: { [KEY_HEADER]: inject('testClockKey'), 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`The test clock answered ${response.status}: ${await response.text()}`);
  return new Date(((await response.json()) as { now: string }).now);
}

/** The server's time: its test clock (the journeys' server runs with TEST_CLOCK=true). */
export function serverTime(): Promise<Date> {
  return clockRequest();
}

/**
 * Moves the server's time `ms` milliseconds forward (never back), with its waiting background jobs
 * and emails: a booking can end, a review period pass, within a journey. Returns the new time.
 */
export function advanceClock(ms: number): Promise<Date> {
  return clockRequest({ method: 'POST', body: JSON.stringify({ advanceMs: ms }) });
}
