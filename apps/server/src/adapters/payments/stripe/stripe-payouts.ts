import type { PayoutCountry } from '@hora/core/config';
import { PAYOUT } from '@hora/core/config';
import type { PayoutPerson } from '@hora/core/validation';
import type Stripe from 'stripe';
import type { CapabilityStatus, ConnectedAccount, PayoutsPort } from '../payouts-port.ts';
import { callStripe, createStripeClient, type StripeSettings } from './stripe-client.ts';

/** Both capabilities the marketplace needs: take card payments, receive transfers. */
const REQUESTED_CAPABILITIES = Object.fromEntries(
  PAYOUT.capabilities.map((capability) => [capability, { requested: true }]),
) as Stripe.AccountCreateParams.Capabilities;

function address(country: PayoutCountry, value: PayoutPerson['address']): Stripe.AddressParam {
  return {
    line1: value.streetAddress,
    city: value.city,
    country,
    ...(value.postalCode ? { postal_code: value.postalCode } : {}),
    ...(value.state ? { state: value.state } : {}),
  };
}

/** Core's payout person in Stripe's words (individual and person parameters share these). */
function personParams(country: PayoutCountry, person: PayoutPerson) {
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone: person.phone,
    dob: { day: person.birthDate.day, month: person.birthDate.month, year: person.birthDate.year },
    address: address(country, person.address),
    ...(person.personalIdNumber ? { id_number: person.personalIdNumber } : {}),
    ...(person.ssnLast4 ? { ssn_last_4: person.ssnLast4 } : {}),
  };
}

function capabilityStatus(value: string | undefined): CapabilityStatus {
  return value === 'active' || value === 'pending' ? value : 'inactive';
}

export function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  const bank = account.external_accounts?.data.find((item) => item.object === 'bank_account');
  return {
    id: account.id,
    country: account.country as PayoutCountry,
    businessType: account.business_type === 'company' ? 'company' : 'individual',
    requirements: {
      currently_due: account.requirements?.currently_due ?? [],
      past_due: account.requirements?.past_due ?? [],
    },
    bankLast4: bank?.last4 ?? null,
    capabilities: {
      card_payments: capabilityStatus(account.capabilities?.card_payments),
      transfers: capabilityStatus(account.capabilities?.transfers),
    },
  };
}

/**
 * Payouts through Stripe Connect custom accounts (spec part 2 §7): the platform collects the
 * details with its own form, bank tokens come from Stripe.js in the browser, and what Stripe still
 * needs is collected by its hosted onboarding through account links. A company's representative
 * and owners become persons of the account; every write carries an idempotency key derived from
 * the creation key, so retrying a half-done creation finishes it instead of starting again.
 */
export function createStripePayouts(settings: StripeSettings): PayoutsPort {
  const stripe = createStripeClient(settings);

  const retrieve = (accountId: string) => callStripe(() => stripe.accounts.retrieve(accountId));

  return {
    kind: 'stripe',

    async createAccount(input) {
      const { country, idempotencyKey } = input;
      const account = await callStripe(() =>
        stripe.accounts.create(
          {
            type: 'custom',
            country,
            email: input.email,
            business_type: input.businessType,
            capabilities: REQUESTED_CAPABILITIES,
            business_profile: { mcc: input.businessProfile.mcc, url: input.businessProfile.url },
            external_account: input.bankAccountToken,
            tos_acceptance: {
              date: Math.floor(input.tosAcceptance.date.getTime() / 1000),
              ip: input.tosAcceptance.ip,
            },
            ...(input.individual ? { individual: personParams(country, input.individual) } : {}),
            ...(input.company
              ? {
                  company: {
                    name: input.company.name,
                    tax_id: input.company.taxId,
                    phone: input.company.phone,
                    address: address(country, input.company.address),
                  },
                }
              : {}),
          },
          { idempotencyKey },
        ),
      );
      if (!input.company) return toConnectedAccount(account);
      const { representative, owners } = input.company;
      await callStripe(() =>
        stripe.accounts.createPerson(
          account.id,
          {
            ...personParams(country, representative),
            relationship: { representative: true, executive: true, title: representative.jobTitle },
          },
          { idempotencyKey: `${idempotencyKey}-representative` },
        ),
      );
      for (const [index, owner] of owners.entries()) {
        await callStripe(() =>
          stripe.accounts.createPerson(
            account.id,
            {
              ...personParams(country, owner),
              relationship: { owner: true, percent_ownership: owner.ownershipPercentage },
            },
            { idempotencyKey: `${idempotencyKey}-owner-${index}` },
          ),
        );
      }
      const withOwners = await callStripe(() =>
        stripe.accounts.update(
          account.id,
          { company: { owners_provided: true } },
          { idempotencyKey: `${idempotencyKey}-owners-provided` },
        ),
      );
      return toConnectedAccount(withOwners);
    },

    async updateAccount(accountId, input) {
      const account = await callStripe(() =>
        stripe.accounts.update(accountId, {
          external_account: input.bankAccountToken,
          capabilities: REQUESTED_CAPABILITIES,
        }),
      );
      return toConnectedAccount(account);
    },

    async retrieveAccount(accountId) {
      return toConnectedAccount(await retrieve(accountId));
    },

    async createAccountLink({ accountId, type, refreshUrl, returnUrl }) {
      const link = await callStripe(() =>
        stripe.accountLinks.create({
          account: accountId,
          type,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          collection_options: { fields: 'currently_due' },
        }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },
  };
}
