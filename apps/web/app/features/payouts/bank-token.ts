import type { PayoutCountry } from '@hora/core/config';
import type { PayoutProviderView } from '@hora/core/payouts';
import { type BankAccountFields, bankAccountTokenParams } from '@hora/core/payouts';
import { type PayoutResult, payoutApi } from './payout-api.ts';
import { loadStripeJs } from './stripe-js.ts';

/**
 * A single-use bank token from the bank fields: made by Stripe.js in the browser when Stripe runs
 * (bank numbers never reach our server), by the sandbox's API otherwise.
 */
export async function createBankToken(
  provider: PayoutProviderView,
  country: PayoutCountry,
  fields: BankAccountFields,
): Promise<PayoutResult<{ id: string; last4: string }>> {
  if (provider.kind === 'sandbox') return payoutApi.sandboxBankToken({ country, bankAccount: fields });
  const stripe = await loadStripeJs(provider.publishableKey);
  if (!stripe) return { ok: false, error: { fields: {}, form: { key: 'payouts.errors.stripeNotLoaded' } } };
  const params = bankAccountTokenParams(country, fields);
  const { token, error } = await stripe.createToken('bank_account', {
    ...Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)),
  } as Record<string, string>);
  if (!token) {
    return {
      ok: false,
      error: {
        fields: {},
        form: error?.message
          ? { key: 'payouts.errors.bankTokenWithMessage', values: { message: error.message } }
          : { key: 'payouts.errors.bankToken' },
      },
    };
  }
  return {
    ok: true,
    data: { id: token.id, last4: token.bank_account?.last4 ?? params.account_number.slice(-4) },
  };
}
