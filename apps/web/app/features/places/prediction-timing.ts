import { GEOCODER } from '@hora/core/config';

/**
 * How long to wait after the last keystroke before asking for predictions (spec part 2 §9): 300 ms
 * once the text has 3 characters, 1 s for shorter text (a person still typing "Ma" should not get
 * a list of every town starting with M), nothing for empty text.
 */
export function predictionDelay(text: string): number | null {
  const length = text.trim().length;
  if (length === 0) return null;
  return length >= GEOCODER.shortQueryLength ? GEOCODER.debounceMs : GEOCODER.shortQueryWaitMs;
}
