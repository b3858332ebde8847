import { createHash } from 'node:crypto';
import { isPayoutCountry, type PayoutCountry } from '@hora/core/config';
import { type BankAccountFields, bankAccountIssues, bankAccountTokenParams } from '@hora/core/validation';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { withTransaction } from '../../../db/executor.ts';
import type {
  AccountLinkType,
  ConnectedAccount,
  CreateConnectedAccountInput,
  PayoutsPort,
} from '../payouts-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { sandboxId, sandboxLinkId } from './ids.ts';
import {
  type SandboxAccountRow,
  type SandboxExternalAccount,
  sandboxPayoutsRepository,
} from './payouts-repository.ts';
import {
  type SandboxAccountState,
  type SandboxVerification,
  sandboxCapabilityStatus,
  sandboxRequirements,
} from './requirements.ts';

/** Stripe's account links last a few minutes; so do the sandbox's. */
export const SANDBOX_LINK_TTL_MS = 5 * 60 * 1000;

/** Path of the sandbox's hosted onboarding page in the web app. */
export const SANDBOX_ONBOARDING_PATH = '/sandbox/connect';

export interface SandboxLinkView {
  id: string;
  accountId: string;
  type: AccountLinkType;
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  currentlyDue: string[];
  /** Stripe sends a host who opens an expired or used link to its refresh URL. */
  state: 'open' | 'expired' | 'used';
  refreshUrl: string;
}

/** What only the sandbox does: make bank tokens on the server, and run its hosted onboarding page. */
export interface SandboxPayouts extends PayoutsPort {
  kind: 'sandbox';
  createBankToken(country: PayoutCountry, fields: BankAccountFields): Promise<{ id: string; last4: string }>;
  describeLink(linkId: string): Promise<SandboxLinkView | undefined>;
  /**
   * Ends the hosted step: `completed` verifies the identity and returns to the link's return URL;
   * `failed` records a failed verification and goes to its refresh URL. A used or expired link
   * goes to its refresh URL and changes nothing; undefined for an unknown link.
   */
  finishLink(linkId: string, outcome: 'completed' | 'failed'): Promise<{ redirectUrl: string } | undefined>;
}

const invalid = (message: string, param?: string, code?: string) =>
  new PaymentProviderError('invalid_request', message, { param, code });

function fingerprint(input: CreateConnectedAccountInput): string {
  const { idempotencyKey: _, tosAcceptance, ...parameters } = input;
  // Stripe's acceptance date has whole seconds; so has the fingerprint.
  const date = Math.floor(tosAcceptance.date.getTime() / 1000);
  return createHash('sha256')
    .update(JSON.stringify({ ...parameters, tosAcceptance: { date, ip: tosAcceptance.ip } }))
    .digest('hex');
}

function stateOf(row: SandboxAccountRow): SandboxAccountState {
  return {
    country: row.country as PayoutCountry,
    businessType: row.businessType as 'individual' | 'company',
    individual: row.individual,
    company: row.company,
    businessProfile: row.businessProfile,
    tosAcceptance: row.tosAcceptance,
    externalAccount: row.externalAccount,
    verification: row.verification as SandboxVerification,
    createdAt: row.createdAt,
  };
}

/**
 * The payouts half of the built-in payments sandbox: connected accounts in the database with
 * Stripe's semantics (single-use bank tokens, idempotency keys, requirements computed from what is
 * missing, single-use account links that expire), so a fresh clone onboards hosts offline.
 */
export function createSandboxPayouts(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
}): SandboxPayouts {
  const { db, clock } = deps;
  const repository = sandboxPayoutsRepository(db);

  function toConnectedAccount(row: SandboxAccountRow): ConnectedAccount {
    const requirements = sandboxRequirements(stateOf(row), clock.now());
    const capability = sandboxCapabilityStatus(requirements);
    return {
      id: row.id,
      country: row.country as PayoutCountry,
      businessType: row.businessType as 'individual' | 'company',
      requirements,
      bankLast4: row.externalAccount?.last4 ?? null,
      capabilities: { card_payments: capability, transfers: capability },
    };
  }

  async function accountOrFail(accountId: string): Promise<SandboxAccountRow> {
    const row = await repository.findAccount(accountId);
    if (!row) throw invalid(`No such account: '${accountId}'`, 'account', 'resource_missing');
    return row;
  }

  /** Uses a bank token for an account of `country`: Stripe refuses unknown, used and foreign tokens. */
  async function attachBankToken(
    tokens: ReturnType<typeof sandboxPayoutsRepository>,
    token: string,
    country: string,
  ): Promise<SandboxExternalAccount> {
    const used = await tokens.useBankToken(token, clock.now());
    if (used === 'missing')
      throw invalid(`No such token: '${token}'`, 'external_account', 'resource_missing');
    if (used === 'used') {
      throw invalid(
        `You cannot use a Stripe token more than once: ${token}.`,
        'external_account',
        'token_already_used',
      );
    }
    if (used.country !== country) {
      throw invalid(
        `The bank account must be in the account's country (${country}), not ${used.country}.`,
        'external_account',
        'country_mismatch',
      );
    }
    return {
      id: sandboxId('ba'),
      country: used.country,
      currency: used.currency,
      last4: used.last4,
      routingNumber: used.routingNumber,
    };
  }

  return {
    kind: 'sandbox',

    async createBankToken(country, fields) {
      if (!isPayoutCountry(country))
        throw invalid(`Country '${country}' is unknown or not supported.`, 'country');
      const issues = bankAccountIssues(country, fields);
      if (issues.length > 0) {
        throw invalid(`Invalid bank account details: ${issues.map((issue) => issue.field).join(', ')}.`);
      }
      const params = bankAccountTokenParams(country, fields);
      const id = sandboxId('btok');
      const last4 = params.account_number.slice(-4);
      await repository.insertBankToken({
        id,
        country,
        currency: params.currency,
        last4,
        routingNumber: params.routing_number ?? null,
        accountHolderName: params.account_holder_name ?? null,
        createdAt: clock.now(),
      });
      return { id, last4 };
    },

    async createAccount(input) {
      const requestFingerprint = fingerprint(input);
      const replay = async () => {
        const existing = await repository.findAccountByIdempotencyKey(input.idempotencyKey);
        if (!existing) return undefined;
        if (existing.requestFingerprint !== requestFingerprint) {
          throw new PaymentProviderError(
            'idempotency',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return toConnectedAccount(existing);
      };
      const earlier = await replay();
      if (earlier) return earlier;
      if (!isPayoutCountry(input.country)) {
        throw invalid(
          `Country '${input.country}' is unknown or not supported.`,
          'country',
          'country_unsupported',
        );
      }
      const now = clock.now();
      try {
        const created = await withTransaction(db, async (tx) => {
          const accounts = sandboxPayoutsRepository(tx);
          const externalAccount = await attachBankToken(accounts, input.bankAccountToken, input.country);
          const row = await accounts.insertAccount({
            id: sandboxId('acct', 16),
            idempotencyKey: input.idempotencyKey,
            requestFingerprint,
            country: input.country,
            businessType: input.businessType,
            email: input.email,
            individual: input.businessType === 'individual' ? { ...input.individual } : null,
            company: input.businessType === 'company' ? { ...input.company } : null,
            businessProfile: input.businessProfile,
            tosAcceptance: { date: input.tosAcceptance.date.toISOString(), ip: input.tosAcceptance.ip },
            externalAccount,
            verification: 'unverified',
            createdAt: now,
            updatedAt: now,
          });
          // Another request with this key got there first: undo the token's use, answer with its account.
          if (!row) throw new PaymentProviderError('idempotency', 'A request with this key is in progress.');
          return row;
        });
        return toConnectedAccount(created);
      } catch (error) {
        const winner = await replay();
        if (winner) return winner;
        throw error;
      }
    },

    async updateAccount(accountId, input) {
      const account = await accountOrFail(accountId);
      const updated = await withTransaction(db, async (tx) => {
        const accounts = sandboxPayoutsRepository(tx);
        const externalAccount = await attachBankToken(accounts, input.bankAccountToken, account.country);
        return accounts.updateAccount(accountId, { externalAccount, updatedAt: clock.now() });
      });
      return toConnectedAccount(updated ?? account);
    },

    async retrieveAccount(accountId) {
      return toConnectedAccount(await accountOrFail(accountId));
    },

    async createAccountLink({ accountId, type, refreshUrl, returnUrl }) {
      await accountOrFail(accountId);
      const now = clock.now();
      const id = sandboxLinkId();
      const expiresAt = new Date(now.getTime() + SANDBOX_LINK_TTL_MS);
      await repository.insertLink({ id, accountId, type, refreshUrl, returnUrl, expiresAt, createdAt: now });
      return { url: `${deps.publicUrl}${SANDBOX_ONBOARDING_PATH}/${id}`, expiresAt };
    },

    async describeLink(linkId) {
      const link = await repository.findLink(linkId);
      if (!link) return undefined;
      const account = toConnectedAccount(await accountOrFail(link.accountId));
      const state = link.usedAt ? 'used' : link.expiresAt <= clock.now() ? 'expired' : 'open';
      return {
        id: link.id,
        accountId: link.accountId,
        type: link.type as AccountLinkType,
        country: account.country,
        businessType: account.businessType,
        currentlyDue: account.requirements.currently_due,
        state,
        refreshUrl: link.refreshUrl,
      };
    },

    async finishLink(linkId, outcome) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const links = sandboxPayoutsRepository(tx);
        const used = await links.useLink(linkId, now, outcome);
        if (!used) {
          const link = await links.findLink(linkId);
          return link ? { redirectUrl: link.refreshUrl } : undefined;
        }
        await links.updateAccount(used.accountId, {
          verification: outcome === 'completed' ? 'verified' : 'failed',
          updatedAt: now,
        });
        return { redirectUrl: outcome === 'completed' ? used.returnUrl : used.refreshUrl };
      });
    },
  };
}
