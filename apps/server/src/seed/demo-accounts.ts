import { eq } from 'drizzle-orm';
import type { ImageStorage } from '../adapters/storage/index.ts';
import { users } from '../db/schema/index.ts';
import { createAuth } from '../modules/auth/better-auth.ts';
import { renderInitialsAvatar, saveAvatar } from '../modules/images/index.ts';
import type { SeedContext } from './index.ts';

/** Password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'hora-demo-2026';

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  bio: string;
  /** Background of the initials avatar; none: the person has no picture yet. */
  colour?: string;
}

/**
 * Creates demo people through the same identity service as real sign-ups (password hashing,
 * referral codes), then marks them verified with their profile confirmed. No emails are sent for
 * them. Returns their ids in the order given.
 */
export async function createDemoAccounts(
  { db, config, clock }: SeedContext,
  storage: ImageStorage,
  people: readonly DemoPerson[],
): Promise<string[]> {
  const auth = createAuth({
    config,
    db,
    clock,
    emails: {
      verifyEmail: async () => {},
      resetPassword: async () => {},
      emailChangeRequested: async () => {},
      passwordChanged: async () => {},
    },
  });
  const ids: string[] = [];
  for (const person of people) {
    const { user } = await auth.api.signUpEmail({
      body: {
        email: person.email,
        password: DEMO_PASSWORD,
        name: `${person.firstName} ${person.lastName}`,
        firstName: person.firstName,
        lastName: person.lastName,
        locale: 'es',
      },
    });
    await db
      .update(users)
      .set({
        emailVerified: true,
        bio: person.bio,
        termsAcceptedAt: clock.now(),
        profileConfirmedAt: clock.now(),
      })
      .where(eq(users.id, user.id));
    if (person.colour) {
      const initials = `${person.firstName[0]}${person.lastName[0]}`;
      await saveAvatar({
        db,
        storage,
        userId: user.id,
        file: await renderInitialsAvatar(initials, person.colour),
      });
    }
    ids.push(user.id);
  }
  return ids;
}
