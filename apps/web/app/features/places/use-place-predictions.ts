import type { Place } from '@hora/core/geo';
import { useEffect, useState } from 'react';
import { fetchPredictions } from './places-api.ts';
import { predictionDelay } from './prediction-timing.ts';

export type PredictionsStatus = 'idle' | 'loading' | 'done' | 'error';

export interface Predictions {
  places: Place[];
  status: PredictionsStatus;
  /** Message key when `status` is 'error'. */
  error: string | undefined;
}

const IDLE: Predictions = { places: [], status: 'idle', error: undefined };

/**
 * Predictions for `text`, asked after the spec's pause (300 ms, or 1 s under 3 characters). Each new
 * text cancels the pending wait and the request in flight, so only the latest answer shows.
 * `enabled` false (a place was just picked) asks nothing.
 */
export function usePlacePredictions(text: string, locale: string, enabled: boolean): Predictions {
  const [predictions, setPredictions] = useState<Predictions>(IDLE);
  useEffect(() => {
    const delay = enabled ? predictionDelay(text) : null;
    if (delay === null) {
      setPredictions(IDLE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setPredictions((previous) => ({ ...previous, status: 'loading', error: undefined }));
      fetchPredictions(text, locale, { signal: controller.signal }).then(
        (result) =>
          setPredictions(
            result.ok
              ? { places: result.places, status: 'done', error: undefined }
              : { places: [], status: 'error', error: result.error },
          ),
        () => {
          // Aborted: a newer text took over.
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locale, enabled]);
  return predictions;
}
