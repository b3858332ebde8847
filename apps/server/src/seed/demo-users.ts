import { eq } from 'drizzle-orm';
import { createImageStorage } from '../adapters/storage/index.ts';
import { users } from '../db/schema/index.ts';
import { createAuth } from '../modules/auth/better-auth.ts';
import { renderInitialsAvatar, saveAvatar } from '../modules/images/index.ts';
import type { SeedStep } from './index.ts';

/** Password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'hora-demo-2026';

/** Hosts in Madrid, Barcelona and Valencia, and two guests; all verified, each with an avatar. */
export const DEMO_USERS = [
  {
    email: 'lucia@demo.hora.es',
    firstName: 'Lucía',
    lastName: 'García Ortega',
    role: 'host',
    colour: '#0f766e',
    bio: 'Anfitriona en Madrid: una cocina de producción en Lavapiés y una sala luminosa en Malasaña.',
  },
  {
    email: 'jordi@demo.hora.es',
    firstName: 'Jordi',
    lastName: 'Puig Serra',
    role: 'host',
    colour: '#6366f1',
    bio: 'Estudio de grabación y sala de ensayo en Gràcia, Barcelona.',
  },
  {
    email: 'marta@demo.hora.es',
    firstName: 'Marta',
    lastName: 'Soler Navarro',
    role: 'host',
    colour: '#f97316',
    bio: 'Gimnasio boutique y terraza para eventos en Ruzafa, Valencia.',
  },
  {
    email: 'carlos@demo.hora.es',
    firstName: 'Carlos',
    lastName: 'Ruiz Medina',
    role: 'guest',
    colour: '#0891b2',
    bio: 'Fotógrafo freelance: alquilo estudios por horas para sesiones.',
  },
  {
    email: 'ana@demo.hora.es',
    firstName: 'Ana',
    lastName: 'Martín López',
    role: 'guest',
    colour: '#be185d',
    bio: 'Profesora de yoga; busco salas tranquilas para mis clases.',
  },
] as const;

/**
 * The demo people, created through the same identity service as real sign-ups (password hashing,
 * referral codes), then marked verified. No emails are sent for them.
 */
export const demoUsersStep: SeedStep = {
  name: 'demo-users',
  async run({ db, config, clock }) {
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
    const storage = createImageStorage(config);
    for (const person of DEMO_USERS) {
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
      const initials = `${person.firstName[0]}${person.lastName[0]}`;
      await saveAvatar({
        db,
        storage,
        userId: user.id,
        file: await renderInitialsAvatar(initials, person.colour),
      });
    }
  },
};
