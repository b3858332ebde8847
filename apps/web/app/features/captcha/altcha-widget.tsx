import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { type AltchaChallenge, altchaPayload, isAltchaChallenge } from './solve-challenge.ts';
import { solveOffMainThread } from './solve-off-main-thread.ts';

// Challenges expire after 10 minutes on the server; renew a little before, whatever the clocks say.
const RENEW_AFTER_MS = 9 * 60_000;

async function fetchChallenge(signal: AbortSignal): Promise<AltchaChallenge> {
  const response = await fetch('/api/captcha/challenge', {
    signal,
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  const challenge: unknown = response.ok ? await response.json() : undefined;
  if (!isAltchaChallenge(challenge)) throw new Error(`No captcha challenge (HTTP ${response.status})`);
  return challenge;
}

type State = { status: 'solving' } | { status: 'solved'; payload: string } | { status: 'error' };

export function AltchaWidget(props: {
  name: string;
  onSolvedChange: (solved: boolean) => void;
  /** Starts over with a new challenge (retry, or renewal before expiry). */
  onRenew: () => void;
}) {
  const { name, onRenew } = props;
  const t = useT();
  const [state, setState] = useState<State>({ status: 'solving' });
  // The latest callbacks, without restarting the work when the parent re-renders.
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  useEffect(() => {
    const controller = new AbortController();
    let renewal: ReturnType<typeof setTimeout> | undefined;
    callbacks.current.onSolvedChange(false);
    (async () => {
      try {
        const challenge = await fetchChallenge(controller.signal);
        const number = await solveOffMainThread(challenge, controller.signal);
        if (controller.signal.aborted) return;
        if (number === null) throw new Error('The captcha challenge has no solution');
        setState({ status: 'solved', payload: altchaPayload(challenge, number) });
        callbacks.current.onSolvedChange(true);
        renewal = setTimeout(() => callbacks.current.onRenew(), RENEW_AFTER_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('captcha:', error);
        setState({ status: 'error' });
        callbacks.current.onSolvedChange(false);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(renewal);
    };
  }, []);

  const message = {
    solving: t('captcha.solving'),
    solved: t('captcha.solved'),
    error: t('captcha.error'),
  }[state.status];
  return (
    <div className="captcha__widget" data-status={state.status}>
      <input type="hidden" name={name} value={state.status === 'solved' ? state.payload : ''} />
      <p role="status" className="captcha__status">
        {message}
      </p>
      {state.status === 'error' && (
        <button type="button" className="button button--secondary" onClick={onRenew}>
          {t('captcha.retry')}
        </button>
      )}
    </div>
  );
}
