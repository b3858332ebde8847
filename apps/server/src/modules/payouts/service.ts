import { createHash } from 'node:crypto';
import { MARKETPLACE } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { payoutStatus } from '@hora/core/listing';
import type { PayoutAccountView } from '@hora/core/payouts';
import { payoutReturnPaths } from '@hora/core/routing';
import { dateKeyAt } from '@hora/core/time';
import {
  type BankAccountFields,
  type BirthDate,
  isOldEnough,
  MESSAGES,
  type PayoutAccountInput,
  type PayoutAccountLinkType,
} from '@hora/core/validation';
import type { ConnectedAccount, Payments } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import { withProvider } from './provider-errors.ts';
import { payoutAccountRepository } from './repository.ts';

export function payoutAccountView(account: ConnectedAccount, provider: Payments['kind']): PayoutAccountView {
  return {
    id: account.id,
    provider,
    country: account.country,
    accountType: account.businessType,
    requirements: account.requirements,
    bankLast4: account.bankLast4,
    capabilities: account.capabilities,
    status: payoutStatus(account) === 'verificationSuccess' ? 'verificationSuccess' : 'verificationNeeded',
  };
}

/** Birth dates of the people on the form that are under the minimum age, as field errors. */
function tooYoung(input: PayoutAccountInput, today: string): { path: string; message: string }[] {
  const people: [string, BirthDate | undefined][] = [
    ['individual.birthDate', input.individual?.birthDate],
    ['company.representative.birthDate', input.company?.representative.birthDate],
    ...(input.company?.owners ?? []).map(
      (owner, index) => [`company.owners.${index}.birthDate`, owner.birthDate] as [string, BirthDate],
    ),
  ];
  return people
    .filter(([, birthDate]) => birthDate !== undefined && !isOldEnough(birthDate, today))
    .map(([path]) => ({ path, message: MESSAGES.birthDateTooYoung }));
}

/**
 * Use cases of the payout account (spec part 1 §2 payout details, part 2 §5.7 and §7): one
 * account per person, always of the person asking (no account id is ever taken from a request).
 */
export function payoutsService(deps: { db: Database; payments: Payments; clock: Clock; publicUrl: string }) {
  const { db, payments, clock } = deps;
  const { payouts } = payments;
  const accounts = payoutAccountRepository(db);

  async function ownAccount(viewer: Viewer) {
    const row = await accounts.findByUser(viewer.id, payments.kind);
    if (!row) throw new AppError('not-found', { title: 'No payout account' });
    return row;
  }

  return {
    /** The person's account as the provider sees it now (null without one); the cache follows. */
    async account(viewer: Viewer): Promise<PayoutAccountView | null> {
      const row = await accounts.findByUser(viewer.id, payments.kind);
      if (!row) return null;
      const account = await withProvider(() => payouts.retrieveAccount(row.providerAccountId));
      await accounts.saveSnapshot(viewer.id, account);
      return payoutAccountView(account, payments.kind);
    },

    async create(viewer: Viewer, input: PayoutAccountInput, context: { ip: string }) {
      if (await accounts.exists(viewer.id, payments.kind)) throw new AppError('payout-account-exists');
      const now = clock.now();
      const underAge = tooYoung(input, dateKeyAt(now.getTime(), MARKETPLACE.timeZone));
      if (underAge.length > 0) {
        throw new AppError('validation-invalid-params', { meta: { in: 'body', issues: underAge } });
      }
      // A bank token is single-use, so it names the attempt: a double submit or a retry of the same
      // attempt carries the same key and the provider answers with the account it already made.
      const idempotencyKey = `payout-account-${createHash('sha256')
        .update(`${viewer.id}:${input.bankAccountToken}`)
        .digest('hex')}`;
      const account = await withProvider(
        () =>
          payouts.createAccount({
            idempotencyKey,
            email: viewer.email,
            country: input.country as ConnectedAccount['country'],
            businessType: input.accountType,
            bankAccountToken: input.bankAccountToken,
            individual: input.accountType === 'individual' ? input.individual : undefined,
            company: input.accountType === 'company' ? input.company : undefined,
            businessProfile: { mcc: input.businessProfileMCC, url: input.businessProfileURL },
            tosAcceptance: { date: now, ip: context.ip },
          }),
        { country: input.country },
      );
      const linked = await accounts.link(viewer.id, payments.kind, account, now);
      if (!linked) {
        const current = await accounts.findByUser(viewer.id, payments.kind);
        if (current?.providerAccountId !== account.id) throw new AppError('payout-account-exists');
      }
      return payoutAccountView(account, payments.kind);
    },

    /** A new bank account for payouts (spec: update with a bank token). */
    async update(viewer: Viewer, input: { bankAccountToken: string }) {
      const row = await ownAccount(viewer);
      const account = await withProvider(() =>
        payouts.updateAccount(row.providerAccountId, { bankAccountToken: input.bankAccountToken }),
      );
      await accounts.saveSnapshot(viewer.id, account);
      return payoutAccountView(account, payments.kind);
    },

    /** Sandbox only: Stripe's tokens are made by Stripe.js in the browser. */
    async createBankToken(input: { country: string; bankAccount: BankAccountFields }) {
      if (payments.kind !== 'sandbox') throw new AppError('not-found');
      const { country, bankAccount } = input;
      return withProvider(
        () => payments.payouts.createBankToken(country as ConnectedAccount['country'], bankAccount),
        { country },
      );
    },

    /**
     * A link to the provider's hosted onboarding; it comes back to the page the person left (the
     * wizard keeps its draft id) with success, or failure for a new link.
     */
    async createAccountLink(viewer: Viewer, input: { type: PayoutAccountLinkType; returnPath: string }) {
      const row = await ownAccount(viewer);
      const paths = payoutReturnPaths(input.returnPath);
      const link = await withProvider(() =>
        payouts.createAccountLink({
          accountId: row.providerAccountId,
          type: input.type,
          refreshUrl: `${deps.publicUrl}${paths.failure}`,
          returnUrl: `${deps.publicUrl}${paths.success}`,
        }),
      );
      return { url: link.url };
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;
