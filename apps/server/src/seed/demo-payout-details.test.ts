import { bankAccountIssues, isValidIban, payoutAccountSchema, toE164 } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { demoHostCity } from './demo-listings.ts';
import { demoPayoutDetails, spanishIban } from './demo-payout-details.ts';
import { DEMO_USERS } from './demo-users.ts';
import { createRandom } from './random.ts';

const hosts = [...DEMO_USERS.filter((person) => person.role === 'host'), ...DEMO_HOSTS].map((person) => ({
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  city: demoHostCity(person.email) ?? 'madrid',
}));
const detailsOf = (host: (typeof hosts)[number], year = 2026) =>
  demoPayoutDetails(createRandom(2026).fork('payouts').fork(host.email), host, year);

describe('spanishIban', () => {
  it('computes the national and the IBAN check digits of known accounts', () => {
    // The example account of the Spanish banking association, and Stripe's Spanish test account.
    expect(spanishIban('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
    expect(spanishIban('0012', '0345', '0000067890')).toBe('ES0700120345030000067890');
  });

  it('gives valid IBANs for any digits, including the check digits 0 and 1 of the rule', () => {
    const random = createRandom(7);
    const national = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');
      const iban = spanishIban(digits(4), digits(4), digits(10));
      expect(isValidIban(iban), iban).toBe(true);
      national.add(iban.slice(12, 14));
    }
    expect(national.size).toBeGreaterThan(90);
  });

  it('refuses parts of the wrong length', () => {
    expect(() => spanishIban('210', '0418', '0200051332')).toThrow(RangeError);
    expect(() => spanishIban('2100', '0418', '020005133')).toThrow(RangeError);
  });
});

describe('demoPayoutDetails', () => {
  it('knows the city of every demo host', () => {
    for (const host of [...DEMO_USERS.filter((person) => person.role === 'host'), ...DEMO_HOSTS]) {
      expect(demoHostCity(host.email), host.email).toBeDefined();
    }
    expect(demoHostCity('carlos@demo.hora.es')).toBeUndefined();
  });

  it('gives every demo host a form the payout API accepts, adult, with a Spanish bank account', () => {
    for (const host of hosts) {
      const { individual, iban } = detailsOf(host);
      expect(bankAccountIssues('ES', { iban }), iban).toEqual([]);
      const form = payoutAccountSchema({ today: '2026-11-22' }).safeParse({
        country: 'ES',
        accountType: 'individual',
        businessProfileURL: 'http://localhost:3000/u/1',
        individual,
        bankAccountToken: 'btok_demo',
      });
      expect(form.success, `${host.email}: ${JSON.stringify(form.error?.issues)}`).toBe(true);
      expect(2026 - individual.birthDate.year).toBeGreaterThanOrEqual(25);
      expect(toE164(individual.phone)).toBe(individual.phone);
      expect(individual).toMatchObject({
        firstName: host.firstName,
        lastName: host.lastName,
        email: host.email,
      });
    }
  });

  it('is the same for the same host and year, and differs between hosts', () => {
    const [first, second] = hosts;
    expect(detailsOf(first!)).toEqual(detailsOf(first!));
    expect(detailsOf(first!).iban).not.toBe(detailsOf(second!).iban);
    expect(new Set(hosts.map((host) => detailsOf(host).iban)).size).toBe(hosts.length);
  });

  it('lives in the host’s city', () => {
    const jordi = hosts.find((host) => host.email === 'jordi@demo.hora.es')!;
    expect(detailsOf(jordi).individual.address).toMatchObject({
      city: 'Barcelona',
      postalCode: expect.stringMatching(/^08\d{3}$/),
    });
  });
});
