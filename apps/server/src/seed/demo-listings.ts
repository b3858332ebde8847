import type { AvailabilityPlan } from '@hora/core/availability';
import { CATEGORIES, type Category, MARKETPLACE, TIME_MS } from '@hora/core/config';
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  type PricingUpdate,
  pricingUpdate,
} from '@hora/core/listing';
import { bookingRulesSchema, descriptionSchema, featuresSchema, pricingSchema } from '@hora/core/validation';
import { CATEGORY_PROFILES, type NounPhrase } from './category-profiles.ts';
import { type DemoException, demoBookingRules, demoExceptions, demoPlan } from './demo-availability.ts';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { DEMO_CITIES, type DemoCity, scatter, streetAddress } from './demo-places.ts';
import { composeDescription, composeRules, composeTitle } from './listing-texts.ts';
import { listingPhotoScenes } from './photo-scenes.ts';
import { createRandom, type Random } from './random.ts';

export type DemoListingState = 'published' | 'closed' | 'draft';

/** One demo listing, as the wizard would have left it; `photos` name the scenes to show. */
export interface DemoListing {
  ownerEmail: string;
  city: DemoCity['key'];
  state: DemoListingState;
  title: string;
  description: string;
  categories: Category[];
  certificate: string | null;
  rules: string | null;
  capacity: number;
  location: { address: string; building: string | null; lat: number; lng: number } | null;
  pricing: PricingUpdate | null;
  timeZone: string;
  plan: AvailabilityPlan | null;
  bookingRules: BookingRules;
  exceptions: DemoException[];
  photos: string[];
  createdAt: Date;
  publishedAt: Date | null;
  updatedAt: Date;
}

/** How many listings of each state each city gets. */
export const DEMO_LISTING_COUNTS: Record<DemoCity['key'], Record<DemoListingState, number>> = {
  madrid: { published: 120, closed: 3, draft: 2 },
  barcelona: { published: 100, closed: 3, draft: 2 },
  valencia: { published: 80, closed: 3, draft: 2 },
};

interface Signature {
  category: Category;
  neighbourhood: string;
  noun: NounPhrase;
}

/**
 * The README's hosts: the spaces their bios name, then generated ones; each also has a closed
 * listing and two drafts (one stopped after its features, one waiting only for photos).
 */
const NAMED_HOSTS: Record<DemoCity['key'], { email: string; signatures: Signature[]; published: number }> = {
  madrid: {
    email: 'lucia@demo.hora.es',
    published: 4,
    signatures: [
      { category: 'cocina', neighbourhood: 'Lavapiés', noun: { text: 'Cocina de producción', gender: 'f' } },
      { category: 'sala', neighbourhood: 'Malasaña', noun: { text: 'Sala luminosa', gender: 'f' } },
    ],
  },
  barcelona: {
    email: 'jordi@demo.hora.es',
    published: 4,
    signatures: [
      {
        category: 'grabacion',
        neighbourhood: 'Vila de Gràcia',
        noun: { text: 'Estudio de grabación', gender: 'm' },
      },
      {
        category: 'instrumentosMusicales',
        neighbourhood: 'Vila de Gràcia',
        noun: { text: 'Sala de ensayo', gender: 'f' },
      },
    ],
  },
  valencia: {
    email: 'marta@demo.hora.es',
    published: 4,
    signatures: [
      { category: 'gimnasio', neighbourhood: 'Ruzafa', noun: { text: 'Gimnasio boutique', gender: 'm' } },
      { category: 'terraza', neighbourhood: 'Ruzafa', noun: { text: 'Terraza para eventos', gender: 'f' } },
    ],
  },
};

/** The city a demo host lives and offers spaces in: the README's hosts and the generated ones. */
export function demoHostCity(email: string): DemoCity['key'] | undefined {
  const named = Object.entries(NAMED_HOSTS).find(([, host]) => host.email === email);
  if (named) return named[0] as DemoCity['key'];
  return DEMO_HOSTS.find((host) => host.email === email)?.city;
}

/** More of the spaces people rent most by the hour. */
const CATEGORY_WEIGHTS: Partial<Record<Category, number>> = {
  sala: 3,
  coworking: 2,
  estudio: 2,
  cocina: 2,
  clases: 2,
  salud: 2,
};

const BUILDINGS = ['Bajo B', 'Local 2', '2.º izquierda', '1.º derecha', 'Ático', 'Nave 3', 'Entreplanta'];

/**
 * Categories for `count` listings of a city: whole shuffled rounds of the weighted list, so every
 * category the city can have appears about as often as its weight says, and at least twice.
 */
function categoryDeck(random: Random, city: DemoCity, count: number): Category[] {
  const names = new Set(city.neighbourhoods.map((place) => place.name));
  const possible = CATEGORIES.filter((category) => {
    const only = CATEGORY_PROFILES[category].neighbourhoods;
    return !only || only.some((name) => names.has(name));
  });
  const round = possible.flatMap((category) =>
    Array<Category>(CATEGORY_WEIGHTS[category] ?? 1).fill(category),
  );
  const deck: Category[] = [];
  while (deck.length < count) deck.push(...random.shuffle(round));
  return deck.slice(0, count);
}

interface ComposeOptions {
  city: DemoCity;
  category: Category;
  ownerEmail: string;
  state: DemoListingState;
  now: Date;
  /** How far the draft got: 'features' stops before the location tab, 'photos' before the photos. */
  draftUpTo?: 'features' | 'photos';
  signature?: Signature;
}

function wholeEuros(random: Random, [min, max]: readonly [number, number]): number {
  const euros = random.int(min, max);
  return euros > 30 ? Math.max(min, Math.round(euros / 5) * 5) : euros;
}

function demoPricing(random: Random, range: readonly [number, number]): PricingUpdate {
  const price = wholeEuros(random, range);
  if (random.chance(0.2)) {
    const minPrice = Math.max(10, Math.round(price * 0.8));
    const maxPrice = Math.min(150, Math.max(minPrice + 5, Math.round(price * 1.25)));
    return pricingUpdate(pricingSchema().parse({ negociation: 'yes', minPrice, maxPrice }));
  }
  const amount = price * 100;
  return pricingUpdate(
    pricingSchema().parse({ negociation: 'no', price: { amount, currency: MARKETPLACE.currency } }),
  );
}

export function composeListing(random: Random, options: ComposeOptions): DemoListing {
  const { city, category, state, now } = options;
  const profile = CATEGORY_PROFILES[category];
  const places = city.neighbourhoods.filter(
    (place) =>
      (!profile.neighbourhoods || profile.neighbourhoods.includes(place.name)) &&
      (!options.signature || place.name === options.signature.neighbourhood),
  );
  const place = random.pick(places);
  const noun = options.signature?.noun ?? random.pick(profile.nouns);
  const capacity = random.int(...profile.capacity);
  const areaM2 = Math.round(random.int(...profile.areaM2) / 5) * 5;
  const related = random.chance(0.3) ? [random.pick(profile.related)] : [];
  const draft = state === 'draft';
  const located = !draft || options.draftUpTo === 'photos';
  const coordinates = scatter(random, place);
  const createdAt = new Date(
    now.getTime() -
      (draft ? random.int(1, 20) : random.int(5, 360)) * TIME_MS.day -
      random.int(0, 23) * TIME_MS.hour,
  );
  const publishedAt = draft ? null : new Date(createdAt.getTime() + random.int(1, 48) * TIME_MS.hour);
  const closedAt =
    state === 'closed' && publishedAt
      ? new Date(publishedAt.getTime() + random.int(1, 4) * TIME_MS.day)
      : null;
  // Read through the wizard's own schemas: the seed stores only what the API would have taken.
  const text = descriptionSchema.parse({
    title: composeTitle(random, noun, place.name),
    description: composeDescription(random, profile, {
      noun,
      neighbourhood: place.name,
      district: place.district,
      areaM2,
      capacity,
    }),
  });
  const features = featuresSchema.parse({
    category: [category, ...related],
    capacity,
    certificate: profile.certificate && random.chance(0.6) ? profile.certificate : undefined,
    rules: composeRules(random) ?? undefined,
  });
  return {
    ownerEmail: options.ownerEmail,
    city: city.key,
    state,
    ...text,
    categories: features.category,
    certificate: features.certificate ?? null,
    rules: features.rules ?? null,
    capacity: features.capacity,
    location: located
      ? {
          address: streetAddress(random, city, place),
          building: random.chance(0.4) ? random.pick(BUILDINGS) : null,
          ...coordinates,
        }
      : null,
    pricing: located ? demoPricing(random, profile.price) : null,
    timeZone: city.timeZone,
    plan: located ? demoPlan(random, random.pick(profile.plans), city.timeZone) : null,
    bookingRules: located
      ? bookingRulesSchema.parse(demoBookingRules(random, profile))
      : DEFAULT_BOOKING_RULES,
    exceptions: draft ? [] : demoExceptions(random, now, city.timeZone),
    photos: draft
      ? []
      : listingPhotoScenes(random, category, state === 'closed' ? random.int(2, 3) : random.int(1, 5)),
    createdAt,
    publishedAt,
    updatedAt: closedAt ?? publishedAt ?? createdAt,
  };
}

/** Spreads a city's listings over its hosts: each category to the hosts who offer it, in turn. */
function hostPicker(city: DemoCity) {
  const hosts = DEMO_HOSTS.filter((host) => host.city === city.key);
  const turns = new Map<string, number>();
  return (category: Category): string => {
    const offering = hosts.filter((host) => host.offers.includes(category));
    const candidates = offering.length > 0 ? offering : hosts;
    const key = offering.length > 0 ? category : '*';
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return (candidates[turn % candidates.length] as (typeof hosts)[number]).email;
  };
}

/**
 * The whole demo marketplace's listings, the same for the same `seed` and `now`: what the counts
 * table says for each city, spread over every category the city can have.
 */
export function planDemoListings(now: Date, seed = 2026): DemoListing[] {
  const listings: DemoListing[] = [];
  for (const city of DEMO_CITIES) {
    const random = createRandom(seed).fork(city.key);
    const counts = DEMO_LISTING_COUNTS[city.key];
    const named = NAMED_HOSTS[city.key];
    const hostFor = hostPicker(city);
    const deck = categoryDeck(
      random.fork('categories'),
      city,
      counts.published - named.published + counts.closed - 1,
    );
    let index = 0;
    const next = (options: Omit<ComposeOptions, 'city' | 'now'>) =>
      listings.push(composeListing(random.fork(`listing-${index++}`), { city, now, ...options }));

    for (const signature of named.signatures) {
      next({ category: signature.category, ownerEmail: named.email, state: 'published', signature });
    }
    const own = random.fork('named').sample(
      CATEGORIES.filter((c) => !CATEGORY_PROFILES[c].neighbourhoods),
      5,
    );
    for (const category of own.slice(0, named.published - named.signatures.length)) {
      next({ category, ownerEmail: named.email, state: 'published' });
    }
    next({ category: own[2] as Category, ownerEmail: named.email, state: 'closed' });
    next({ category: own[3] as Category, ownerEmail: named.email, state: 'draft', draftUpTo: 'features' });
    next({ category: own[4] as Category, ownerEmail: named.email, state: 'draft', draftUpTo: 'photos' });

    const first = listings.length;
    deck.forEach((category, position) => {
      const state = position < counts.closed - 1 ? 'closed' : 'published';
      next({ category, ownerEmail: hostFor(category), state });
    });
    gatherCentres(listings.slice(first), CENTRES_PER_CITY);
  }
  return listings;
}

/** How many buildings per city hold several spaces of one host (a group marker on the map). */
export const CENTRES_PER_CITY = 3;

/**
 * Some hosts run a centre: several rooms at one address. The first `count` hosts (in plan order)
 * with two published listings in one postcode get them at one door — the same address and point,
 * each its own room — as a coworking or a studio building is, and as the map's group markers show.
 */
function gatherCentres(listings: DemoListing[], count: number): void {
  const groups = new Map<string, DemoListing[]>();
  for (const listing of listings) {
    if (listing.state !== 'published' || !listing.location) continue;
    const postcode = /\b\d{5}\b/.exec(listing.location.address)?.[0];
    const key = `${listing.ownerEmail}|${postcode}`;
    groups.set(key, [...(groups.get(key) ?? []), listing]);
  }
  const centres = [...groups.values()].filter((group) => group.length >= 2).slice(0, count);
  for (const [head, ...rooms] of centres) {
    if (!head?.location) continue;
    head.location = { ...head.location, building: `${ROOM} 1` };
    rooms.forEach((room, index) => {
      room.location = {
        ...(head.location as NonNullable<DemoListing['location']>),
        building: `${ROOM} ${index + 2}`,
      };
    });
  }
}

const ROOM = 'Sala';
