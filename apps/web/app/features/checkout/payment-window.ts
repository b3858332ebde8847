import { useEffect, useState } from 'react';

/**
 * The time left to pay (ms), ticking each second once a transaction exists; null before. Counted
 * on this browser's clock from the deadline `windowDeadline` set when the request was answered.
 */
export function usePaymentWindow(deadline: number | null, now: () => number = Date.now): number | null {
  const [left, setLeft] = useState<number | null>(deadline === null ? null : Math.max(0, deadline - now()));
  useEffect(() => {
    if (deadline === null) {
      setLeft(null);
      return;
    }
    const tick = () => setLeft(Math.max(0, deadline - now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);
  return left;
}

/** "14:05": minutes and seconds left. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
