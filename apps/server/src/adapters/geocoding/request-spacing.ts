import { unavailable } from './http-client.ts';

/**
 * Spaces a process's requests to a public geocoder at least `intervalMs` apart (the public
 * Nominatim allows one a second). A request waits for its turn; one whose turn is more than
 * `maxWaitMs` away is refused at once as `geocoder-unavailable` (the visitor may retry), so a burst
 * never builds a queue the service's policy would take minutes to drain. Each server process keeps
 * its own spacing: several instances sharing one public instance divide its allowance (see
 * docs/operations.md).
 */
export function requestSpacing(options: {
  intervalMs: number;
  maxWaitMs: number;
  /** Injectable for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): () => Promise<void> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let next = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = now();
    const turn = Math.max(at, next);
    if (turn - at > options.maxWaitMs)
      throw unavailable(new Error('The public geocoder’s one request a second is taken'));
    next = turn + options.intervalMs;
    if (turn > at) await sleep(turn - at);
  };
}
