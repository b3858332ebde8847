import type { CardFieldHandle, CardPayments } from '../payments/card-payments.tsx';

/** What saving a card ended in: the card now saved, or a message key to show. */
export type SaveCardOutcome = { ok: true } | { ok: false; messageKey: string; providerMessage?: string };

export interface SaveCardSteps {
  /** `POST /api/payment-methods/setup-intent`: the server makes the customer first if there is none. */
  createSetupIntent(): Promise<{ ok: true; clientSecret: string } | { ok: false }>;
  /** `POST /api/payment-methods {paymentMethodId}`: the server replaces the default card (core's rule). */
  attachCard(paymentMethodId: string): Promise<{ ok: boolean }>;
  confirmCardSetup: CardPayments['confirmCardSetup'];
}

/**
 * Saving the card typed in the card field, in the spec's order: a setup intent (creating the
 * customer when there is none), the card confirmed against it in the browser (with the
 * authentication step if the card asks for one), then the confirmed card made the default.
 * Each failure names its step.
 */
export async function saveCard(
  steps: SaveCardSteps,
  input: { card: CardFieldHandle; name: string; hadCard: boolean },
): Promise<SaveCardOutcome> {
  const intent = await steps.createSetupIntent();
  if (!intent.ok) {
    return {
      ok: false,
      messageKey: input.hadCard
        ? 'paymentMethods.errors.cardSetupFailed'
        : 'paymentMethods.errors.createCustomerFailed',
    };
  }
  const confirmed = await steps.confirmCardSetup(intent.clientSecret, input.card, { name: input.name });
  if (!confirmed.ok) {
    return {
      ok: false,
      messageKey: confirmed.messageKey || 'paymentMethods.errors.cardSetupFailed',
      ...(confirmed.providerMessage ? { providerMessage: confirmed.providerMessage } : {}),
    };
  }
  const attached = await steps.attachCard(confirmed.paymentMethodId);
  return attached.ok ? { ok: true } : { ok: false, messageKey: 'paymentMethods.errors.addFailed' };
}

async function post(path: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/** The browser's calls of the payment methods API (same origin, the session cookie goes along). */
export function browserSaveCardSteps(confirmCardSetup: CardPayments['confirmCardSetup']): SaveCardSteps {
  return {
    async createSetupIntent() {
      const response = await post('/api/payment-methods/setup-intent', {});
      const body = (await response?.json().catch(() => null)) as { clientSecret?: unknown } | null;
      return response?.ok && typeof body?.clientSecret === 'string'
        ? { ok: true, clientSecret: body.clientSecret }
        : { ok: false };
    },
    async attachCard(paymentMethodId) {
      const response = await post('/api/payment-methods', { paymentMethodId });
      return { ok: response?.ok === true };
    },
    confirmCardSetup,
  };
}
