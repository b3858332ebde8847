import { TIMINGS_MS } from '@hora/core/config';
import { useEffect, useId, useRef, useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useT } from '../../i18n/i18n.tsx';
import { isMessageFormResult, isSendable, MESSAGE_FIELDS, SEND_MESSAGE_INTENT } from './message-fields.ts';

/**
 * The send-message form (spec part 1 §2; part 2 §5.3): a plain form post to the page's action, so
 * it works before the script loads; then sent in the background, its button disabled while the
 * trimmed text is empty or too long or a message is on its way, and emptied once sent (with a
 * "sent" note for TIMINGS_MS.messageFormReset). A refused message keeps its text and says why.
 */
export function MessageForm(props: { recipientName: string }) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: 'send-message' });
  const pageResult = useActionData();
  const refusedOnPage = isMessageFormResult(pageResult) ? pageResult : null;
  const [text, setText] = useState(refusedOnPage?.content ?? '');
  const [sent, setSent] = useState(false);
  const wasBusy = useRef(false);
  const busy = fetcher.state !== 'idle';
  const refused = isMessageFormResult(fetcher.data) ? fetcher.data : refusedOnPage;

  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    // A successful send redirects (no data); a refusal answers its error and keeps the text.
    if (isMessageFormResult(fetcher.data)) return;
    setText('');
    setSent(true);
    const timer = setTimeout(() => setSent(false), TIMINGS_MS.messageFormReset);
    return () => clearTimeout(timer);
  }, [busy, fetcher.data]);

  const error = refused && !busy ? refused.messageError : null;
  return (
    <fetcher.Form method="post" className="message-form" data-testid="message-form">
      <input type="hidden" name={MESSAGE_FIELDS.intent} value={SEND_MESSAGE_INTENT} />
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t('conversation.messageLabel', { name: props.recipientName })}
        </label>
        <textarea
          id={id}
          name={MESSAGE_FIELDS.content}
          className="field__input field__textarea"
          rows={3}
          required
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSent(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </div>
      <div className="message-form__actions">
        <p className="message-form__status" role="status">
          {sent ? t('conversation.sent') : ''}
        </p>
        <button
          type="submit"
          className="button button--primary"
          // Before the script runs the browser checks `required` and the action the rest.
          disabled={hydrated && (busy || !isSendable(text))}
        >
          {busy ? t('conversation.sending') : t('conversation.send')}
        </button>
      </div>
    </fetcher.Form>
  );
}
