import type { BreakdownView } from '@hora/core/transactions';
import { useEffect, useState } from 'react';
import { type EstimateFailure, estimateBreakdown } from '../breakdown/breakdown-api.ts';

/** Wait after the last change of the times before asking the server for a price. */
export const ESTIMATE_DEBOUNCE_MS = 300;

export type EstimateState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; breakdown: BreakdownView }
  | { kind: 'failed'; failure: EstimateFailure };

/**
 * The server's breakdown of the chosen booking, asked for once the times stop changing; a newer
 * choice cancels the request of an older one, so an old answer never replaces a new one.
 */
export function useBreakdownEstimate(
  listingId: string,
  booking: { start: string; end: string } | null,
  send?: typeof fetch,
  /** Issue 12: the enquiry whose agreed price applies (the server reads it; the client sends no price). */
  transactionId?: string,
): EstimateState {
  const [state, setState] = useState<EstimateState>({ kind: 'idle' });
  const start = booking?.start ?? null;
  const end = booking?.end ?? null;
  useEffect(() => {
    if (!start || !end) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void estimateBreakdown(
        { listingId, bookingStart: start, bookingEnd: end, ...(transactionId ? { transactionId } : {}) },
        controller.signal,
        send,
      ).then((result) => {
        if (!result) return;
        setState(
          result.ok
            ? { kind: 'ready', breakdown: result.breakdown }
            : { kind: 'failed', failure: result.failure },
        );
      });
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [listingId, start, end, send, transactionId]);
  return state;
}
