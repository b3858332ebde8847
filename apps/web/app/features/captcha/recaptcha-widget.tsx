import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { loadRecaptcha } from './load-recaptcha.ts';

type Status = 'loading' | 'ready' | 'solved' | 'expired' | 'error';

export function RecaptchaWidget(props: {
  name: string;
  siteKey: string;
  onSolvedChange: (solved: boolean) => void;
  /** Starts over with a new widget after an error. */
  onRetry: () => void;
}) {
  const { name, siteKey, onRetry } = props;
  const { locale, t } = useI18n();
  const [status, setStatus] = useState<Status>('loading');
  const [token, setToken] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  useEffect(() => {
    let active = true;
    // Google's widget owns this element; React never renders into it.
    const host = document.createElement('div');
    container.current?.append(host);
    const settle = (next: Status, value: string) => {
      if (!active) return;
      setToken(value);
      setStatus(next);
      callbacks.current.onSolvedChange(next === 'solved');
    };
    callbacks.current.onSolvedChange(false);
    loadRecaptcha(locale).then(
      (grecaptcha) => {
        if (!active) return;
        grecaptcha.render(host, {
          sitekey: siteKey,
          callback: (value) => settle('solved', value),
          'expired-callback': () => settle('expired', ''),
          'error-callback': () => settle('error', ''),
        });
        setStatus('ready');
      },
      () => settle('error', ''),
    );
    return () => {
      active = false;
      host.remove();
    };
  }, [locale, siteKey]);

  const message = {
    loading: t('captcha.recaptcha.loading'),
    ready: '',
    solved: t('captcha.solved'),
    expired: t('captcha.recaptcha.expired'),
    error: t('captcha.error'),
  }[status];
  return (
    <div className="captcha__widget" data-status={status}>
      <input type="hidden" name={name} value={token} />
      <div ref={container} />
      <p role="status" className="captcha__status">
        {message}
      </p>
      {status === 'error' && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('captcha.retry')}
        </button>
      )}
    </div>
  );
}
