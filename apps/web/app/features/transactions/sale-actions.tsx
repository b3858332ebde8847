import { Form, useActionData, useNavigation } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { DECISION_FIELDS, type DecisionResult } from './decision-fields.ts';

/**
 * Accept and decline for the provider of a request: one form, two submit buttons, posted to the
 * page's own action (it works without JavaScript). Both wait while one runs.
 */
export function SaleActions(props: { idempotencyKey: string }) {
  const t = useT();
  const navigation = useNavigation();
  const result = useActionData() as DecisionResult | undefined;
  const pending =
    navigation.state !== 'idle' && navigation.formData?.has(DECISION_FIELDS.transition) === true;
  const running = pending ? navigation.formData?.get(DECISION_FIELDS.transition) : null;
  return (
    <Form method="post" className="sale-actions">
      <input
        type="hidden"
        name={DECISION_FIELDS.idempotencyKey}
        value={result?.idempotencyKey ?? props.idempotencyKey}
      />
      {result?.error ? (
        <p className="alert alert--error" role="alert">
          {t(result.error)}
        </p>
      ) : null}
      <div className="sale-actions__buttons">
        <button
          type="submit"
          name={DECISION_FIELDS.transition}
          value="decline"
          className="button button--secondary"
          disabled={pending}
        >
          {running === 'decline' ? t('transactions.actions.declining') : t('transactions.actions.decline')}
        </button>
        <button
          type="submit"
          name={DECISION_FIELDS.transition}
          value="accept"
          className="button button--primary"
          disabled={pending}
        >
          {running === 'accept' ? t('transactions.actions.accepting') : t('transactions.actions.accept')}
        </button>
      </div>
    </Form>
  );
}
