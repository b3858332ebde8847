import { useEffect, useRef, useState } from 'react';
import { AltchaWidget } from './altcha-widget.tsx';
import { RecaptchaWidget } from './recaptcha-widget.tsx';

/** What `GET /api/captcha/config` answers. */
export type CaptchaConfig = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

export interface CaptchaFieldProps {
  /** The form field that carries the captcha token. */
  name: string;
  config: CaptchaConfig;
  /** True once the token is ready; false while solving, after an error, or when it expires. */
  onSolvedChange: (solved: boolean) => void;
}

/**
 * The sign-up captcha: ALTCHA proof of work solved in the background, or Google's reCAPTCHA checkbox.
 * The server accepts a token once, so each submission of the surrounding form spends it and the field
 * starts over, ready for the next attempt if the page stays (an error answer).
 */
export function CaptchaField({ name, config, onSolvedChange }: CaptchaFieldProps) {
  // Each round is a fresh widget: retrying, renewing an expiring token or replacing a spent one.
  const [round, setRound] = useState(0);
  const renew = () => setRound((current) => current + 1);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const form = root.current?.closest('form');
    // After the submit event has run its course: the form's own handler must still read this token.
    const spent = () => setTimeout(() => setRound((current) => current + 1), 0);
    form?.addEventListener('submit', spent);
    return () => form?.removeEventListener('submit', spent);
  }, []);

  return (
    <div ref={root} className="captcha" data-testid="captcha">
      {config.kind === 'recaptcha' ? (
        <RecaptchaWidget
          key={round}
          name={name}
          siteKey={config.siteKey}
          onSolvedChange={onSolvedChange}
          onRetry={renew}
        />
      ) : (
        <AltchaWidget key={round} name={name} onSolvedChange={onSolvedChange} onRenew={renew} />
      )}
    </div>
  );
}
