import { createImageStorage } from '../adapters/storage/index.ts';
import { createDemoAccounts } from './demo-accounts.ts';
import type { SeedStep } from './index.ts';

export { DEMO_PASSWORD } from './demo-accounts.ts';

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

/** The demo people of the README, each with an avatar. */
export const demoUsersStep: SeedStep = {
  name: 'demo-users',
  async run(context) {
    await createDemoAccounts(context, createImageStorage(context.config), DEMO_USERS);
  },
};
