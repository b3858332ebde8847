import type { PayoutProviderView } from '@hora/core/payouts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { loadStripeJs, type StripeBrowser } from '../payouts/stripe-js.ts';
import { isSandboxHandle, isStripeHandle, type StripeHandle } from './card-field.tsx';
import type {
  BillingDetails,
  CardFieldHandle,
  CardPayments,
  CardResult,
  CardSource,
} from './card-payments.tsx';
import { sandboxCardClient } from './sandbox-card.ts';
import { stripeBillingDetails, stripeCardResult } from './stripe-card.ts';

/* Card confirmation with the provider that runs, and the sandbox's authentication dialog. */

const noCard: CardResult = { ok: false, code: 'missing', messageKey: 'payments.cardErrors.missing' };
const stripeNotLoaded: CardResult = {
  ok: false,
  code: 'stripe_not_loaded',
  messageKey: 'payments.errors.stripeNotLoaded',
};

/** The sandbox's authentication step, like Stripe's 3-D Secure test page: complete it, or fail it. */
export function AuthenticationDialog(props: {
  kind: 'payment' | 'setup';
  onChoose(outcome: 'complete' | 'fail'): void;
}) {
  const t = useT();
  return (
    <Modal
      title={t('payments.authentication.title')}
      closeLabel={t('payments.authentication.close')}
      onClose={() => props.onChoose('fail')}
      testId="card-authentication"
    >
      <p>
        {t(
          props.kind === 'payment'
            ? 'payments.authentication.paymentText'
            : 'payments.authentication.setupText',
        )}
      </p>
      <p className="card-field__hint">{t('payments.authentication.sandboxNote')}</p>
      <div className="card-authentication__actions">
        <button type="button" className="button button--primary" onClick={() => props.onChoose('complete')}>
          {t('payments.authentication.complete')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => props.onChoose('fail')}>
          {t('payments.authentication.fail')}
        </button>
      </div>
    </Modal>
  );
}

/** Card confirmation for checkout and the payment methods page, with the provider that runs. */
export function useCardPayments(provider: PayoutProviderView): CardPayments {
  const [pending, setPending] = useState<'payment' | 'setup' | null>(null);
  const resolver = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);

  const authenticate = useCallback(
    (kind: 'payment' | 'setup') =>
      new Promise<'complete' | 'fail'>((resolve) => {
        resolver.current = resolve;
        setPending(kind);
      }),
    [],
  );

  const choose = useCallback((outcome: 'complete' | 'fail') => {
    const resolve = resolver.current;
    resolver.current = null;
    setPending(null);
    resolve?.(outcome);
  }, []);

  const sandbox = useMemo(() => sandboxCardClient({ authenticate }), [authenticate]);
  const publishableKey = provider.kind === 'stripe' ? provider.publishableKey : null;

  const confirmCardPayment = useCallback(
    async (clientSecret: string, source: CardSource): Promise<CardResult> => {
      if (publishableKey === null) {
        if (source.kind === 'saved') return sandbox.confirmCardPayment(clientSecret, source);
        if (!isSandboxHandle(source.card)) return noCard;
        return sandbox.confirmCardPayment(clientSecret, {
          kind: 'new',
          values: source.card.values(),
          billingDetails: source.billingDetails,
          saveCard: source.saveCard,
        });
      }
      const stripe: StripeBrowser | null = await loadStripeJs(publishableKey);
      if (!stripe) return stripeNotLoaded;
      if (source.kind === 'new' && !isStripeHandle(source.card)) return noCard;
      const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method:
          source.kind === 'saved'
            ? source.paymentMethodId
            : {
                card: (source.card as StripeHandle).element,
                billing_details: stripeBillingDetails(source.billingDetails),
              },
        ...(source.kind === 'new' && source.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      });
      return stripeCardResult(paymentIntent, error);
    },
    [publishableKey, sandbox],
  );

  const confirmCardSetup = useCallback(
    async (
      clientSecret: string,
      card: CardFieldHandle,
      billingDetails: BillingDetails,
    ): Promise<CardResult> => {
      if (publishableKey === null) {
        if (!isSandboxHandle(card)) return noCard;
        return sandbox.confirmCardSetup(clientSecret, card.values(), billingDetails);
      }
      const stripe = await loadStripeJs(publishableKey);
      if (!stripe) return stripeNotLoaded;
      if (!isStripeHandle(card)) return noCard;
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card: card.element, billing_details: stripeBillingDetails(billingDetails) },
      });
      return stripeCardResult(setupIntent, error);
    },
    [publishableKey, sandbox],
  );

  const dialog = pending ? <AuthenticationDialog kind={pending} onChoose={choose} /> : null;
  return { confirmCardPayment, confirmCardSetup, dialog };
}
