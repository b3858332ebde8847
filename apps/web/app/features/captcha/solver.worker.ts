// Runs the proof of work off the main thread: the sign-up form stays fully responsive on a phone.
import { type AltchaChallenge, solveChallenge } from './solve-challenge.ts';

self.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  self.postMessage(await solveChallenge(event.data, { batchSize: 5_000 }));
};
