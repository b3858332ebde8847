import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { isPayoutReturnType, safeReturnPath } from '@hora/core/routing';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import type { PayoutPageData } from './stripe-payout-page.tsx';

/** The payout pages' data: the provider (for bank tokens) and the account as the provider sees it now. */
export async function loadPayoutPageData(context: Pick<WebContext, 'api'>): Promise<PayoutPageData> {
  const [provider, account] = await Promise.all([
    context.api<{ data: PayoutProviderView }>('/api/payouts/provider'),
    context.api<{ data: PayoutAccountView | null }>('/api/payouts/account'),
  ]);
  if (provider.status >= 400) throw data(null, { status: provider.status });
  const fetchFailed = account.status >= 400;
  return { provider: provider.data.data, account: fetchFailed ? null : account.data.data, fetchFailed };
}

/**
 * Back from the provider's hosted onboarding (spec part 1 §4, Stripe return): `failure` asks for a
 * new link and goes straight back; `success` shows the page again, read afresh (nothing due: the
 * success box; still due: the returned-early message). An unknown return type is not a page. The
 * listing wizard's return pages call this with their tab's path, so the draft id is kept.
 */
export async function handlePayoutReturn(
  context: Pick<WebContext, 'api'>,
  options: { returnURLType: string | undefined; returnPath: string },
): Promise<PayoutPageData> {
  if (!isPayoutReturnType(options.returnURLType)) throw data(null, { status: 404 });
  if (options.returnURLType === 'failure') {
    const link = await context.api<{ data: { url: string } }>('/api/payouts/account-links', {
      method: 'POST',
      body: { type: 'account_onboarding', returnPath: options.returnPath },
    });
    // Without a new link (no account, provider down) the page itself says what is wrong.
    if (link.status < 400) throw redirect(link.data.data.url);
    throw redirect(safeReturnPath(options.returnPath, '/account/payments'));
  }
  return loadPayoutPageData(context);
}
