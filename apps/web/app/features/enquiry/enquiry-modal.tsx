import { useId, useState } from 'react';
import { Form, useActionData, useLocation, useNavigate, useNavigation } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useT } from '../../i18n/i18n.tsx';
import { isSendable } from '../conversation/message-fields.ts';
import { withoutContactFlag } from '../listing-page/contact-link.ts';
import { ENQUIRY_FIELDS, isEnquiryResult } from './enquiry-fields.ts';

/**
 * "Contact the host" (spec part 1 §2 listing page; part 2 §5.3 enquiry message required): a dialog
 * whose open state is the page's `contact` flag, with a form posted to the listing page's action,
 * so it works before the script loads. The enquiry's page opens once it is sent.
 */
export function EnquiryModal(props: { hostName: string; idempotencyKey: string }) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData();
  const refused = isEnquiryResult(result) ? result : null;
  const [text, setText] = useState(refused?.message ?? '');
  const busy = navigation.state === 'submitting' && navigation.formData?.has(ENQUIRY_FIELDS.message) === true;
  const close = () => navigate(withoutContactFlag(location), { replace: true, preventScrollReset: true });
  const error = refused && !busy ? refused.enquiryError : null;
  return (
    <Modal
      title={t('enquiry.title', { hostName: props.hostName })}
      closeLabel={t('enquiry.close')}
      onClose={close}
      testId="enquiry-modal"
    >
      <Form method="post" className="enquiry-form">
        <input
          type="hidden"
          name={ENQUIRY_FIELDS.idempotencyKey}
          value={refused?.idempotencyKey ?? props.idempotencyKey}
        />
        <div className="field">
          <label htmlFor={id} className="field__label">
            {t('enquiry.label')}
          </label>
          <textarea
            id={id}
            name={ENQUIRY_FIELDS.message}
            className="field__input field__textarea"
            rows={5}
            required
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('enquiry.hint', { hostName: props.hostName })}
          </p>
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={hydrated && (busy || !isSendable(text))}
        >
          {busy ? t('enquiry.sending') : t('enquiry.submit')}
        </button>
      </Form>
    </Modal>
  );
}
