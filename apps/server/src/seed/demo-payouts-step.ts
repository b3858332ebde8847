import { MARKETPLACE } from '@hora/core/config';
import { pathByRouteName } from '@hora/core/search';
import { dateKeyAt } from '@hora/core/time';
import { bankAccountTokenBodySchema, payoutAccountBodySchema } from '@hora/core/validation';
import { and, asc, eq, exists, inArray, not } from 'drizzle-orm';
import { createPayments, type SandboxPayouts } from '../adapters/payments/index.ts';
import { listings, payoutAccounts, users } from '../db/schema/index.ts';
import type { Viewer } from '../http/viewer.ts';
import { type PayoutsService, payoutsService } from '../modules/payouts/index.ts';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { demoHostCity } from './demo-listings.ts';
import { type DemoPayoutHost, demoPayoutDetails } from './demo-payout-details.ts';
import { DEMO_USERS } from './demo-users.ts';
import type { SeedStep } from './index.ts';
import { createRandom } from './random.ts';

/** Listing states that only a host with a complete payout account can have reached. */
const PUBLISHED_ONCE = ['published', 'closed', 'pendingApproval'];

/** Where the hosts "accepted" the provider's terms: this machine, which ran the seed. */
const SEED_ADDRESS = '127.0.0.1';

const DEMO_HOST_EMAILS = [
  ...DEMO_USERS.filter((person) => person.role === 'host').map((person) => person.email),
  ...DEMO_HOSTS.map((host) => host.email),
];

type HostRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'locale'>;

/**
 * The host as the payout service sees a signed-in person. The seed has no session: the service
 * reads only who the person is (their id and email), never the session.
 */
function asViewer(host: HostRow): Viewer {
  return { ...host, emailVerified: true, banned: false, scopes: ['user'], sessionId: 'demo-seed' };
}

/**
 * Onboards one host as they would in the browser: bank token from the IBAN, the payout form sent
 * through the API's schema, the account created, then the sandbox's hosted onboarding link opened
 * and completed, and the account read again so the cached requirements follow.
 */
async function onboard(
  service: PayoutsService,
  sandbox: SandboxPayouts,
  host: HostRow,
  details: ReturnType<typeof demoPayoutDetails>,
  profileUrl: string,
): Promise<void> {
  const viewer = asViewer(host);
  const token = await service.createBankToken(
    bankAccountTokenBodySchema.parse({ country: 'ES', bankAccount: { iban: details.iban } }),
  );
  const form = payoutAccountBodySchema.parse({
    country: 'ES',
    accountType: 'individual',
    businessProfileURL: profileUrl,
    individual: details.individual,
    bankAccountToken: token.id,
  });
  await service.create(viewer, form, { ip: SEED_ADDRESS });
  const link = await service.createAccountLink(viewer, {
    type: 'account_onboarding',
    returnPath: pathByRouteName('StripePayoutPage', {}),
  });
  const linkId = new URL(link.url).pathname.split('/').pop() ?? '';
  if (!(await sandbox.finishLink(linkId, 'completed'))) {
    throw new Error(`The sandbox did not know the onboarding link it made for ${host.email}`);
  }
  const account = await service.account(viewer);
  if (account?.status !== 'verificationSuccess') {
    throw new Error(
      `The demo payout account of ${host.email} still needs ${account?.requirements.currently_due.join(', ')}`,
    );
  }
}

/**
 * Payout accounts for the demo hosts: every demo host with a listing that was ever published has
 * a complete sandbox account in Spain (publishing requires one, and booking will too), made
 * through the payout service and the sandbox's own onboarding, so the accounts mean exactly what a
 * host's would. With Stripe configured the step waits: a seed never calls Stripe.
 */
export const demoPayoutsStep: SeedStep = {
  name: 'demo-payouts',
  skip({ config }) {
    return config.payments.kind === 'sandbox'
      ? undefined
      : 'demo payout accounts are made in the payments sandbox only, never with Stripe';
  },
  async run({ db, clock, config, logger }) {
    const started = performance.now();
    const payments = createPayments(config, { db, clock });
    if (payments.kind !== 'sandbox') throw new Error('Demo payout accounts need the payments sandbox');
    const service = payoutsService({ db, payments, clock, publicUrl: config.publicUrl });
    const hosts = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
      })
      .from(users)
      .where(
        and(
          inArray(users.email, DEMO_HOST_EMAILS),
          exists(
            db
              .select({ id: listings.id })
              .from(listings)
              .where(and(eq(listings.authorId, users.id), inArray(listings.state, PUBLISHED_ONCE))),
          ),
          // A host who made theirs by hand before this step existed keeps it.
          not(
            exists(
              db
                .select({ userId: payoutAccounts.userId })
                .from(payoutAccounts)
                .where(and(eq(payoutAccounts.userId, users.id), eq(payoutAccounts.provider, 'sandbox'))),
            ),
          ),
        ),
      )
      .orderBy(asc(users.email));

    const year = Number(dateKeyAt(clock.now().getTime(), MARKETPLACE.timeZone).slice(0, 4));
    const random = createRandom(2026).fork('payouts');
    for (const host of hosts) {
      const city = demoHostCity(host.email);
      if (!city) throw new Error(`Demo host ${host.email} has no city`);
      const person: DemoPayoutHost = { ...host, city };
      const details = demoPayoutDetails(random.fork(host.email), person, year);
      const profileUrl = `${config.publicUrl}${pathByRouteName('ProfilePage', { id: host.id })}`;
      await onboard(service, payments.payouts, host, details, profileUrl);
    }
    logger.info(
      { hosts: hosts.length, totalMs: Math.round(performance.now() - started) },
      'demo payout accounts created',
    );
  },
};
