import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import type { ListingLike } from './listing.ts';
import {
  activeTabs,
  isTabCompleted,
  isWizardTab,
  nearestAllowedTab,
  tabSaveAction,
  tabSaveCreatesDraft,
  type WizardTab,
  wizardTabs,
} from './wizard.ts';

const complete: ListingLike = {
  title: 'Sala',
  description: 'Luminosa',
  publicData: { category: ['sala'], location: { address: 'Calle Mayor 1, Madrid' } },
  geolocation: { lat: 40.4, lng: -3.7 },
  price: money(2500, 'EUR'),
  availabilityPlan: { type: 'availability-plan/time', timezone: 'Europe/Madrid', entries: [] },
  images: [{ id: 'img1' }],
};

const STANDARD = wizardTabs({ premium: false });
const PREMIUM = wizardTabs({ premium: true });

describe('wizard tabs', () => {
  it('shows video only to premium hosts and availability only when enabled', () => {
    expect(STANDARD).toEqual(['description', 'features', 'location', 'pricing', 'availability', 'photos']);
    expect(PREMIUM).toEqual([
      'description',
      'features',
      'video',
      'location',
      'pricing',
      'availability',
      'photos',
    ]);
    expect(wizardTabs({ premium: false, availabilityEnabled: false })).not.toContain('availability');
    expect(isWizardTab('video')).toBe(true);
    expect(isWizardTab('policy')).toBe(false);
  });

  it.each([
    ['description', { title: 'Sala', description: 'x' }, true],
    ['description', { title: '  ', description: 'x' }, false],
    ['description', { title: 'Sala' }, false],
    ['features', { publicData: { category: ['sala'] } }, true],
    ['features', { publicData: { category: [] } }, false],
    ['video', { publicData: { category: ['sala'] } }, true],
    ['video', {}, false],
    ['location', { geolocation: { lat: 1, lng: 1 }, publicData: { location: { address: 'Calle 1' } } }, true],
    ['location', { geolocation: null, publicData: { location: { address: 'Calle 1' } } }, false],
    ['location', { geolocation: { lat: 1, lng: 1 }, publicData: { location: {} } }, false],
    ['pricing', { price: money(0, 'EUR') }, true],
    ['pricing', { price: null }, false],
    ['availability', { availabilityPlan: complete.availabilityPlan }, true],
    ['availability', {}, false],
    ['photos', { images: [{}] }, true],
    ['photos', { images: [] }, false],
  ] as const)('%s is complete for %j: %s', (tab, listing, expected) => {
    expect(isTabCompleted(tab, listing as ListingLike)).toBe(expected);
  });
});

describe('gating', () => {
  const partial: ListingLike = { title: 'Sala', description: 'x', publicData: { category: ['sala'] } };

  it('unlocks a tab only when the previous one is complete while creating', () => {
    expect([...activeTabs('new', partial, STANDARD)]).toEqual(['description', 'features', 'location']);
    expect([...activeTabs('draft', {}, STANDARD)]).toEqual(['description']);
    expect([...activeTabs('edit', {}, STANDARD)]).toEqual(STANDARD);
    expect([...activeTabs('new', complete, PREMIUM)]).toEqual(PREMIUM);
  });

  it.each([
    ['photos', 'new', 'location'],
    ['location', 'new', 'location'],
    ['pricing', 'draft', 'location'],
    ['photos', 'edit', 'photos'],
    ['video', 'new', 'features'],
    ['nonsense', 'new', 'description'],
  ] as const)('asking for %s in a %s listing shows %s', (requested, type, shown) => {
    expect(nearestAllowedTab(requested, type, partial, STANDARD)).toBe(shown);
  });

  it('goes back to the start when nothing is complete', () => {
    expect(nearestAllowedTab('photos', 'new', {}, PREMIUM)).toBe('description');
    expect(nearestAllowedTab('photos', 'new', {}, [] as WizardTab[])).toBe('description');
  });

  it('moves on when creating, publishes on the last tab and saves when editing', () => {
    expect(tabSaveAction('description', 'new', STANDARD)).toEqual({ action: 'next', next: 'features' });
    expect(tabSaveAction('features', 'draft', PREMIUM)).toEqual({ action: 'next', next: 'video' });
    expect(tabSaveAction('photos', 'draft', STANDARD)).toEqual({ action: 'publish' });
    expect(tabSaveAction('pricing', 'edit', STANDARD)).toEqual({ action: 'save' });
    expect(tabSaveCreatesDraft('description', 'new', STANDARD)).toBe(true);
    expect(tabSaveCreatesDraft('description', 'draft', STANDARD)).toBe(false);
    expect(tabSaveCreatesDraft('features', 'new', STANDARD)).toBe(false);
  });
});
