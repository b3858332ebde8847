import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { INTENT, RESEND_VERIFICATION } from './account-intents.ts';

interface ResendAnswer {
  sent?: true;
  errors?: FormErrors;
}

/**
 * "Send the link again": posts to the page's own action without leaving the page. The button is
 * disabled while a send is under way, so a second click is ignored (spec part 1 §4). With
 * `sentMessageMs` the confirmation disappears after that long (contact details: 2 s, spec part 2 §9).
 */
export function ResendVerification(props: { sentMessageMs?: number; className?: string; action?: string }) {
  const t = useT();
  const fetcher = useFetcher<ResendAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  const [sentVisible, setSentVisible] = useState(false);

  useEffect(() => {
    // Each answer replaces the last: a refusal after an earlier send hides its confirmation.
    setSentVisible(answer?.sent === true);
    if (!answer?.sent || props.sentMessageMs === undefined) return;
    const timer = window.setTimeout(() => setSentVisible(false), props.sentMessageMs);
    return () => window.clearTimeout(timer);
  }, [answer, props.sentMessageMs]);

  return (
    <div className={`resend-verification ${props.className ?? ''}`}>
      <fetcher.Form
        method="post"
        action={props.action}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <input type="hidden" name={INTENT} value={RESEND_VERIFICATION} />
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? t('account.verification.resending') : t('account.verification.resend')}
        </button>
      </fetcher.Form>
      <div aria-live="polite">
        {sentVisible && !busy && <Alert tone="success">{t('account.verification.sent')}</Alert>}
      </div>
      {answer?.errors?.form && !busy && <Alert tone="error">{t(answer.errors.form)}</Alert>}
    </div>
  );
}
