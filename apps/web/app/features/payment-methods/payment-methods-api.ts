import type { PayoutProviderView } from '@hora/core/payouts';
import { pathByRouteName } from '@hora/core/search';
import { isCardExpired } from '@hora/core/user';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';

/** The saved card as the payments API answers it (`CardView` of the charges port, with its flag). */
export interface ApiCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  expired: boolean;
}

/** The card as the page shows it; `expired` by core's rule on the server's today. */
export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  expired: boolean;
}

export interface PaymentMethodsPageData {
  provider: PayoutProviderView;
  card: SavedCard | null;
  /** The card could not be read: the page says so instead of offering to add one. */
  loadFailed: boolean;
}

export function savedCardOf(card: ApiCard, today: string): SavedCard {
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    expired: isCardExpired({ expirationMonth: card.expMonth, expirationYear: card.expYear }, today),
  };
}

/**
 * The page's data: which provider confirms cards in the browser, and the saved default card.
 * Without the provider no card can be added: that is the error page's business.
 */
export async function loadPaymentMethods(
  context: Pick<WebContext, 'api' | 'now'>,
): Promise<PaymentMethodsPageData> {
  const [provider, card] = await Promise.all([
    context.api<{ data: PayoutProviderView }>('/api/payouts/provider'),
    context.api<{ card: ApiCard | null }>('/api/payment-methods'),
  ]);
  if (provider.status !== 200) throw new Error(`GET /api/payouts/provider answered HTTP ${provider.status}`);
  const today = context.now().toISOString().slice(0, 10);
  if (card.status !== 200) return { provider: provider.data.data, card: null, loadFailed: true };
  return {
    provider: provider.data.data,
    card: card.data.card ? savedCardOf(card.data.card, today) : null,
    loadFailed: false,
  };
}

/** Stripe without its publishable key cannot show a card field: the page shows the missing-key notice. */
export function isMissingKey(provider: PayoutProviderView): boolean {
  return provider.kind === 'stripe' && provider.publishableKey.trim() === '';
}

export const REMOVE_FIELDS = { intent: 'intent' } as const;

/** `?confirm=remove` opens the confirmation (a URL, so it works without JavaScript). */
export const CONFIRM_REMOVE = { param: 'confirm', value: 'remove' } as const;

/** The remove form's action: `DELETE /api/payment-methods/default`, then the page again (confirmation closed). */
export async function removeDefaultCard(request: Request, context: Pick<WebContext, 'api'>) {
  const form = await request.formData().catch(() => null);
  if (form?.get(REMOVE_FIELDS.intent) !== 'remove') throw data(null, { status: 400 });
  const result = await context.api('/api/payment-methods/default', { method: 'DELETE' });
  if (result.status === 204 || result.status === 200) return redirect(pathByRouteName('PaymentMethodsPage'));
  return data({ error: 'paymentMethods.errors.deleteFailed' }, { status: result.status });
}
