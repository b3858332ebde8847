import { LIMITS } from '@hora/core/config';
import type { CategoryProfile, NounPhrase } from './category-profiles.ts';
import type { Random } from './random.ts';

/**
 * Titles, descriptions and house rules in the Spanish hosts write, composed from each category's
 * words: "Sala luminosa en Malasaña", then a few sentences on size, equipment, uses and access.
 */
const QUALIFIERS: readonly { m: string; f: string }[] = [
  { m: 'luminoso', f: 'luminosa' },
  { m: 'amplio', f: 'amplia' },
  { m: 'reformado', f: 'reformada' },
  { m: 'acogedor', f: 'acogedora' },
  { m: 'céntrico', f: 'céntrica' },
  { m: 'tranquilo', f: 'tranquila' },
  { m: 'con encanto', f: 'con encanto' },
  { m: 'de diseño', f: 'de diseño' },
];

const SETTINGS = [
  'a cinco minutos a pie del metro',
  'junto a una parada de autobús',
  'con aparcamiento público a la vuelta de la esquina',
  'en una calle tranquila',
  'en un bajo con acceso directo desde la calle',
  'en una finca de principios del siglo XX',
  'en un antiguo edificio industrial rehabilitado',
];

const CLOSINGS = [
  'Te recibo en persona y te enseño el espacio antes de empezar.',
  'El acceso es autónomo con cerradura electrónica: te envío el código el día de la reserva.',
  'La limpieza está incluida en el precio.',
  'Si necesitas algo especial, escríbeme y lo vemos.',
  'Hay wifi en todo el espacio y aseo independiente.',
  'Respondo a los mensajes en menos de una hora.',
];

const HOUSE_RULES = [
  'No se permite fumar.',
  'Deja el espacio como lo encontraste.',
  'Sin música alta a partir de las 22:00.',
  'Prohibido el uso de confeti y purpurina.',
  'Respeta el descanso de los vecinos al entrar y salir.',
];

const PETS = ['No se admiten mascotas.', 'Mascotas bienvenidas.'];

const article = (noun: NounPhrase) => (noun.gender === 'f' ? 'Una' : 'Un');
/**
 * "Sala de reuniones luminosa", "Loft amplio": a qualifier goes after a bare noun or a "X de Y" one,
 * never after a noun that carries its own ("Sala luminosa", "Ático con terraza").
 */
function qualify(random: Random, noun: NounPhrase): string {
  const words = noun.text.split(' ');
  const bare = words.length === 1 || (words[1] === 'de' && !/ (con|para|en) /.test(noun.text));
  return bare ? ` ${random.pick(QUALIFIERS)[noun.gender]}` : '';
}

/** "a, b y c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

export function composeTitle(random: Random, noun: NounPhrase, neighbourhood: string): string {
  const candidates = [
    `${noun.text}${qualify(random, noun)} en ${neighbourhood}`,
    `${noun.text} en ${neighbourhood}`,
  ];
  const title = candidates.find((text) => text.length <= LIMITS.titleMax) ?? noun.text;
  return title;
}

export interface DescriptionFacts {
  noun: NounPhrase;
  neighbourhood: string;
  district: string;
  areaM2: number;
  capacity: number;
}

export function composeDescription(
  random: Random,
  profile: CategoryProfile,
  facts: DescriptionFacts,
): string {
  const { noun } = facts;
  const place =
    facts.neighbourhood === facts.district
      ? facts.neighbourhood
      : `${facts.neighbourhood} (${facts.district})`;
  const features = random.sample(profile.features, random.int(2, 4));
  const uses = random.sample(profile.uses, random.int(2, 3));
  const people = facts.capacity === 1 ? 'una persona' : `${facts.capacity} personas`;
  const sentences = [
    `${article(noun)} ${noun.text.toLowerCase()}${qualify(random, noun)} de ${facts.areaM2} m² en ${place}, ${random.pick(SETTINGS)}.`,
    `Dispone de ${listOf(features)}.`,
    `Es ideal para ${listOf(uses)}, con capacidad para ${people}.`,
    ...random.sample(CLOSINGS, random.int(1, 2)),
  ];
  return sentences.join(' ');
}

export function composeRules(random: Random): string | null {
  if (random.chance(0.25)) return null;
  const rules = random.sample(HOUSE_RULES, random.int(1, 3));
  if (random.chance(0.5)) rules.push(random.pick(PETS));
  return rules.join(' ');
}
