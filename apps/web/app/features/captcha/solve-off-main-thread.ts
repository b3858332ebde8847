import { type AltchaChallenge, solveChallenge } from './solve-challenge.ts';

function solveInWorker(challenge: AltchaChallenge, signal: AbortSignal): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // A same-origin module file, so the page's CSP (`script-src 'self'`) allows it; a blob: would not.
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    const finish = (settle: () => void) => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
      settle();
    };
    const abort = () => finish(() => resolve(null));
    signal.addEventListener('abort', abort);
    worker.onmessage = (event: MessageEvent<number | null>) => finish(() => resolve(event.data));
    worker.onerror = (event) => finish(() => reject(new Error(event.message || 'captcha worker failed')));
    worker.postMessage(challenge);
  });
}

/**
 * Solves in a Web Worker; where that is impossible (no Worker, the file blocked or missing) falls back
 * to the main thread, in batches that yield to the page.
 */
export async function solveOffMainThread(
  challenge: AltchaChallenge,
  signal: AbortSignal,
): Promise<number | null> {
  if (typeof Worker === 'function') {
    try {
      return await solveInWorker(challenge, signal);
    } catch (error) {
      if (signal.aborted) return null;
      console.warn('captcha: solving on the main thread:', error);
    }
  }
  return solveChallenge(challenge, { signal });
}
