import type { PayoutPerson } from '@hora/core/validation';
import { DEMO_CITIES, type DemoCity } from './demo-places.ts';
import type { Random } from './random.ts';

/** Weights of the Spanish national check digits (the "dígitos de control" of a CCC). */
const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/** One check digit of a Spanish account code (CCC) over ten digits: 11 minus the weighted sum mod 11. */
function cccDigit(tenDigits: string): number {
  const sum = [...tenDigits].reduce((total, digit, i) => total + Number(digit) * (CCC_WEIGHTS[i] ?? 0), 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/** ISO 13616 check digits: 98 minus the rearranged number (country as 00) mod 97. */
function ibanCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`]
    .map((ch) => (ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/**
 * A Spanish IBAN from its bank, branch and account number, with both sets of check digits
 * computed: the national ones banks check (between branch and account) and the IBAN's own.
 */
export function spanishIban(bank: string, branch: string, account: string): string {
  if (!/^\d{4}$/.test(bank) || !/^\d{4}$/.test(branch) || !/^\d{10}$/.test(account)) {
    throw new RangeError('A Spanish account is a 4-digit bank, a 4-digit branch and a 10-digit number');
  }
  const bban = `${bank}${branch}${cccDigit(`00${bank}${branch}`)}${cccDigit(account)}${account}`;
  return `ES${ibanCheckDigits('ES', bban)}${bban}`;
}

/** Bank codes of large Spanish banks, so the demo's accounts look like the ones hosts have. */
const DEMO_BANKS = ['2100', '0049', '0182', '0081', '0128', '2085', '3058', '0073'] as const;

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => random.int(0, 9)).join('');

const FLOORS = ['1.º A', '2.º B', '3.º izquierda', '4.º derecha', 'Bajo', '5.º C', 'Ático'];

export interface DemoPayoutHost {
  email: string;
  firstName: string;
  lastName: string;
  city: DemoCity['key'];
}

/** What the payout form would hold for a demo host: the person, and the bank account's IBAN. */
export interface DemoPayoutDetails {
  individual: PayoutPerson;
  iban: string;
}

/**
 * A demo host's payout details, the same for the same host and year: their own name and email, a
 * home in their city, a Spanish mobile, a birth date 25 to 65 years before `year` and an IBAN.
 * `random` should be forked from the host, so each host keeps theirs when others are added.
 */
export function demoPayoutDetails(random: Random, host: DemoPayoutHost, year: number): DemoPayoutDetails {
  const city = DEMO_CITIES.find((candidate) => candidate.key === host.city);
  if (!city) throw new Error(`Unknown demo city ${host.city}`);
  const home = random.pick(city.neighbourhoods);
  return {
    individual: {
      firstName: host.firstName,
      lastName: host.lastName,
      birthDate: { day: random.int(1, 28), month: random.int(1, 12), year: year - random.int(25, 65) },
      email: host.email,
      phone: `+346${digits(random, 8)}`,
      address: {
        streetAddress: `${random.pick(home.streets)}, ${random.int(1, 120)}, ${random.pick(FLOORS)}`,
        postalCode: home.postcode,
        city: city.name,
        state: undefined,
      },
      personalIdNumber: undefined,
      ssnLast4: undefined,
      jobTitle: undefined,
      ownershipPercentage: undefined,
    },
    iban: spanishIban(random.pick(DEMO_BANKS), digits(random, 4), digits(random, 10)),
  };
}
