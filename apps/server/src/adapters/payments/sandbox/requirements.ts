import type { PayoutCountry } from '@hora/core/config';
import { NO_POSTAL_CODE_COUNTRIES, PERSONAL_ID_COUNTRIES, STATE_COUNTRIES } from '@hora/core/validation';
import type { CapabilityStatus, ConnectedAccountRequirements } from '../payouts-port.ts';

/** Days a new account has to provide what is due before it becomes past due (Stripe's `current_deadline`). */
export const SANDBOX_REQUIREMENTS_DEADLINE_DAYS = 14;

export type SandboxVerification = 'unverified' | 'verified' | 'failed';

/** A person as the sandbox stores it: core's payout person, as the API received it. */
interface StoredPerson {
  firstName?: string;
  lastName?: string;
  birthDate?: { day?: number; month?: number; year?: number };
  email?: string;
  phone?: string;
  address?: { streetAddress?: string; postalCode?: string; city?: string; state?: string };
  personalIdNumber?: string;
  ssnLast4?: string;
  jobTitle?: string;
}

export interface SandboxAccountState {
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  individual: StoredPerson | null;
  company: {
    name?: string;
    taxId?: string;
    phone?: string;
    address?: StoredPerson['address'];
    representative?: StoredPerson;
  } | null;
  businessProfile: { mcc: string; url: string | null };
  tosAcceptance: { date: string; ip: string } | null;
  externalAccount: unknown | null;
  verification: SandboxVerification;
  createdAt: Date;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Stripe's requirement names for a person's missing fields, under `prefix` (`individual.`, `representative.`). */
function missingPersonFields(
  country: PayoutCountry,
  person: StoredPerson | null | undefined,
  prefix: string,
) {
  const p = person ?? {};
  const fields: [string, unknown, boolean?][] = [
    ['first_name', p.firstName],
    ['last_name', p.lastName],
    ['dob.day', p.birthDate?.day],
    ['dob.month', p.birthDate?.month],
    ['dob.year', p.birthDate?.year],
    ['email', p.email],
    ['phone', p.phone],
    ['address.line1', p.address?.streetAddress],
    ['address.city', p.address?.city],
    ['address.postal_code', p.address?.postalCode, !NO_POSTAL_CODE_COUNTRIES.includes(country)],
    ['address.state', p.address?.state, STATE_COUNTRIES.includes(country)],
    ['id_number', p.personalIdNumber, PERSONAL_ID_COUNTRIES.includes(country)],
    ['ssn_last_4', p.ssnLast4, country === 'US'],
  ];
  return fields
    .filter(([, value, applies = true]) => applies && !present(value))
    .map(([name]) => `${prefix}${name}`);
}

/** The requirement that only the hosted onboarding step satisfies: proof of identity. */
export function verificationRequirement(businessType: 'individual' | 'company'): string {
  return businessType === 'individual'
    ? 'individual.verification.document'
    : 'representative.verification.document';
}

/**
 * What Stripe would list as due for this account, from what it lacks: the bank account, the
 * business profile, the terms, the person's or company's details and, until the host completes
 * the hosted onboarding, identity verification. Items still due after the deadline are past due,
 * and so is a verification that failed.
 */
export function sandboxRequirements(account: SandboxAccountState, now: Date): ConnectedAccountRequirements {
  const { country, businessType } = account;
  const due = [
    ...(account.externalAccount ? [] : ['external_account']),
    ...(present(account.businessProfile.url) ? [] : ['business_profile.url']),
    ...(present(account.businessProfile.mcc) ? [] : ['business_profile.mcc']),
    ...(account.tosAcceptance ? [] : ['tos_acceptance.date', 'tos_acceptance.ip']),
  ];
  if (businessType === 'individual') {
    due.push(...missingPersonFields(country, account.individual, 'individual.'));
  } else {
    const company = account.company ?? {};
    const companyFields: [string, unknown, boolean?][] = [
      ['company.name', company.name],
      ['company.tax_id', company.taxId],
      ['company.phone', company.phone],
      ['company.address.line1', company.address?.streetAddress],
      ['company.address.city', company.address?.city],
      [
        'company.address.postal_code',
        company.address?.postalCode,
        !NO_POSTAL_CODE_COUNTRIES.includes(country),
      ],
    ];
    due.push(
      ...companyFields
        .filter(([, value, applies = true]) => applies && !present(value))
        .map(([name]) => name),
      ...missingPersonFields(country, company.representative, 'representative.'),
      ...(present(company.representative?.jobTitle) ? [] : ['representative.relationship.title']),
    );
  }
  const verification = verificationRequirement(businessType);
  if (account.verification !== 'verified') due.push(verification);
  const deadline = account.createdAt.getTime() + SANDBOX_REQUIREMENTS_DEADLINE_DAYS * 24 * 60 * 60 * 1000;
  const pastDue =
    now.getTime() >= deadline ? [...due] : account.verification === 'failed' ? [verification] : [];
  return { currently_due: due, past_due: pastDue };
}

/** Capabilities are active with nothing due, inactive with something past due, pending otherwise. */
export function sandboxCapabilityStatus(requirements: ConnectedAccountRequirements): CapabilityStatus {
  if (requirements.past_due.length > 0) return 'inactive';
  return requirements.currently_due.length > 0 ? 'pending' : 'active';
}
