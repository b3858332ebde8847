import { endMinutes, exceptionsQueryRange, planEntryIssues } from '@hora/core/availability';
import { CATEGORIES, LIMITS } from '@hora/core/config';
import { isTabCompleted, type ListingLike, WIZARD_TABS } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import { DEMO_HOSTS } from './demo-hosts.ts';
import {
  CENTRES_PER_CITY,
  DEMO_LISTING_COUNTS,
  type DemoListing,
  planDemoListings,
} from './demo-listings.ts';
import { DEMO_CITIES } from './demo-places.ts';
import { ALL_SCENES } from './photo-scenes.ts';

const now = new Date('2026-11-22T10:00:00Z');
const planned = planDemoListings(now);

/** A planned listing as the wizard's rules read one. */
function asListingLike(listing: DemoListing): ListingLike {
  return {
    title: listing.title,
    description: listing.description,
    geolocation: listing.location ? { lat: listing.location.lat, lng: listing.location.lng } : null,
    price: listing.pricing?.price ?? null,
    availabilityPlan: listing.plan,
    publicData: { category: listing.categories, location: listing.location, ...listing.pricing?.publicData },
    images: listing.photos,
  };
}

const distanceM = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
};

describe('planDemoListings', () => {
  it('is the same marketplace for the same moment', () => {
    expect(planDemoListings(now)).toEqual(planned);
  });

  it('has the counts of each city and state', () => {
    for (const city of DEMO_CITIES) {
      for (const [state, count] of Object.entries(DEMO_LISTING_COUNTS[city.key])) {
        expect(
          planned.filter((listing) => listing.city === city.key && listing.state === state),
          `${city.key} ${state}`,
        ).toHaveLength(count);
      }
    }
  });

  it('covers every category, and every city has nearly all of them', () => {
    const published = planned.filter((listing) => listing.state === 'published');
    expect(new Set(published.flatMap((listing) => listing.categories))).toEqual(new Set(CATEGORIES));
    for (const city of DEMO_CITIES) {
      const main = new Set(published.filter((l) => l.city === city.key).map((l) => l.categories[0]));
      // Madrid has no sea for boats.
      expect(main.size, city.key).toBeGreaterThanOrEqual(CATEGORIES.length - 1);
    }
  });

  it('makes every published and closed listing complete by the wizard rules, with photos', () => {
    for (const listing of planned.filter((l) => l.state !== 'draft')) {
      for (const tab of WIZARD_TABS)
        expect(isTabCompleted(tab, asListingLike(listing)), `${listing.title}: ${tab}`).toBe(true);
      expect(listing.photos.length).toBeGreaterThanOrEqual(1);
      expect(listing.publishedAt).not.toBeNull();
    }
  });

  it('gives the README hosts a draft stopped at the location tab and one waiting only for photos', () => {
    for (const email of ['lucia@demo.hora.es', 'jordi@demo.hora.es', 'marta@demo.hora.es']) {
      const drafts = planned.filter((l) => l.ownerEmail === email && l.state === 'draft').map(asListingLike);
      expect(drafts).toHaveLength(2);
      expect(drafts.map((draft) => WIZARD_TABS.filter((tab) => !isTabCompleted(tab, draft)))).toEqual([
        ['location', 'pricing', 'availability', 'photos'],
        ['photos'],
      ]);
      expect(planned.filter((l) => l.ownerEmail === email && l.state === 'closed')).toHaveLength(1);
    }
  });

  it('spreads the listings over the demo hosts of each city', () => {
    const hosts = new Set(planned.map((listing) => listing.ownerEmail));
    for (const host of DEMO_HOSTS) expect(hosts.has(host.email), host.email).toBe(true);
    for (const listing of planned) {
      const host = DEMO_HOSTS.find((h) => h.email === listing.ownerEmail);
      if (host) expect(host.city).toBe(listing.city);
    }
  });

  it('prices from 10 to 150 € an hour, some negotiable with a range around the price', () => {
    const priced = planned.filter((listing) => listing.pricing);
    for (const { pricing } of priced) {
      expect(pricing?.price.currency).toBe('EUR');
      expect(pricing?.price.amount).toBeGreaterThanOrEqual(1000);
      expect(pricing?.price.amount).toBeLessThanOrEqual(15000);
      const { minPrice, maxPrice } = pricing?.publicData ?? {};
      if (pricing?.publicData.negociation === 'yes') {
        expect(minPrice).toBeGreaterThanOrEqual(10);
        expect(maxPrice).toBeLessThanOrEqual(150);
        expect(pricing.price.amount).toBe(((minPrice as number) + (maxPrice as number)) * 50);
      }
    }
    const negotiable = priced.filter((listing) => listing.pricing?.publicData.negociation === 'yes').length;
    expect(negotiable / priced.length).toBeGreaterThan(0.1);
    expect(negotiable / priced.length).toBeLessThan(0.35);
  });

  it('places each listing in its city, at an address of that city', () => {
    for (const listing of planned.filter((l) => l.location)) {
      const city = DEMO_CITIES.find((c) => c.key === listing.city)!;
      const nearest = Math.min(
        ...city.neighbourhoods.map((n) => distanceM(n, listing.location!) - n.radiusM),
      );
      expect(nearest).toBeLessThanOrEqual(1);
      expect(listing.location?.address.endsWith(` ${city.name}`)).toBe(true);
    }
  });

  it('gathers some of a host’s spaces at one door in every city, as centres with several rooms', () => {
    for (const city of DEMO_CITIES) {
      const points = new Map<string, DemoListing[]>();
      for (const listing of planned) {
        if (listing.city !== city.key || listing.state !== 'published' || !listing.location) continue;
        const key = `${listing.location.lat},${listing.location.lng}`;
        points.set(key, [...(points.get(key) ?? []), listing]);
      }
      const shared = [...points.values()].filter((group) => group.length >= 2);
      expect(shared.length).toBeGreaterThanOrEqual(CENTRES_PER_CITY);
      for (const group of shared) {
        expect(new Set(group.map((listing) => listing.ownerEmail)).size).toBe(1);
        expect(new Set(group.map((listing) => listing.location?.address)).size).toBe(1);
        expect(new Set(group.map((listing) => listing.location?.building)).size).toBe(group.length);
      }
    }
  });

  it('keeps titles and descriptions within the form limits', () => {
    for (const listing of planned) {
      expect(listing.title.length).toBeLessThanOrEqual(LIMITS.titleMax);
      expect(listing.description.length).toBeLessThanOrEqual(LIMITS.textAreaMax);
      expect(listing.description).toMatch(/^(Un|Una) /);
    }
    expect(new Set(planned.map((listing) => listing.description)).size).toBe(planned.length);
    // The README hosts' spaces, named as their bios say; a noun with its own adjective gets no other.
    const titles = planned.map((listing) => listing.title);
    expect(titles).toContain('Sala luminosa en Malasaña');
    expect(titles.filter((title) => /^Ático con terraza \S+ en /.test(title))).toEqual([]);
  });

  it('varies the plans: valid, some on weekends only, some with whole days', () => {
    const plans = planned.flatMap((listing) => (listing.plan ? [listing.plan] : []));
    for (const plan of plans) {
      expect(planEntryIssues(plan.type, plan.entries)).toEqual([]);
      expect(plan.timezone).toBe('Europe/Madrid');
    }
    const weekendsOnly = plans.filter(
      (plan) =>
        plan.entries.length > 0 && plan.entries.every((e) => e.dayOfWeek === 'sat' || e.dayOfWeek === 'sun'),
    );
    expect(weekendsOnly.length).toBeGreaterThan(5);
    expect(plans.filter((plan) => plan.type === 'availability-plan/day').length).toBeGreaterThan(5);
    const untilMidnight = plans.filter((plan) =>
      plan.entries.some((e) => e.endTime && endMinutes(e.endTime) === 1440),
    );
    expect(untilMidnight.length).toBeGreaterThan(0);
  });

  it('has mostly default booking rules, some with buffers or minimum lengths', () => {
    const located = planned.filter((listing) => listing.plan);
    const custom = located.filter(
      (l) =>
        l.bookingRules.bufferAfterMinutes > 0 ||
        l.bookingRules.minDurationMinutes > 60 ||
        l.bookingRules.slotStepMinutes === 30,
    );
    expect(custom.length / located.length).toBeGreaterThan(0.2);
    expect(custom.length / located.length).toBeLessThan(0.6);
  });

  it('puts one to four exceptions ahead of now on each listing, within the year and never overlapping', () => {
    const { end } = exceptionsQueryRange(now);
    for (const listing of planned.filter((l) => l.state !== 'draft')) {
      expect(listing.exceptions.length).toBeGreaterThanOrEqual(1);
      expect(listing.exceptions.length).toBeLessThanOrEqual(4);
      const sorted = [...listing.exceptions].sort((a, b) => a.start.getTime() - b.start.getTime());
      sorted.forEach((exception, index) => {
        expect(exception.start.getTime()).toBeGreaterThan(now.getTime());
        expect(exception.end.getTime()).toBeLessThan(end.getTime());
        expect(exception.end.getTime()).toBeGreaterThan(exception.start.getTime());
        const next = sorted[index + 1];
        if (next) expect(next.start.getTime()).toBeGreaterThanOrEqual(exception.end.getTime());
      });
    }
  });

  it('shows photos of known scenes, the category first, never the same twice in one listing', () => {
    for (const listing of planned) {
      for (const scene of listing.photos) expect(ALL_SCENES).toContain(scene);
      expect(new Set(listing.photos).size).toBe(listing.photos.length);
      if (listing.photos[0]) expect(listing.photos[0].startsWith(`${listing.categories[0]}-`)).toBe(true);
    }
    expect(ALL_SCENES.length).toBeGreaterThanOrEqual(25);
    expect(ALL_SCENES.length).toBeLessThanOrEqual(35);
  });
});
