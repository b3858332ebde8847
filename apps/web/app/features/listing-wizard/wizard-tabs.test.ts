import { describe, expect, it } from 'vitest';
import { listingLikeOf } from './listing-like.ts';
import { listingReadyForPhotos, ownListing } from './test-listing.ts';
import {
  headingKey,
  SHOWN_TABS,
  stepOf,
  submitLabelKey,
  tabStates,
  typeAfterSave,
  wizardPath,
} from './wizard-tabs.ts';

const ID = '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e';
const DRAFT = '/l/draft/00000000-0000-0000-0000-000000000000/new';

describe('the tabs shown', () => {
  it('are the spec order without the premium video tab (nobody subscribes yet)', () => {
    expect(SHOWN_TABS).toEqual(['description', 'features', 'location', 'pricing', 'availability', 'photos']);
  });
});

describe('wizardPath', () => {
  it('puts a listing not created yet under the all-zero draft of /l/new', () => {
    expect(wizardPath(null, 'new', 'description')).toBe(`${DRAFT}/description`);
  });

  it('names a saved listing by the slug of its title', () => {
    expect(wizardPath({ id: ID, title: 'Cocina Señorial' }, 'draft', 'features')).toBe(
      `/l/cocina-senorial/${ID}/draft/features`,
    );
    expect(wizardPath({ id: ID, title: '' }, 'edit', 'pricing')).toBe(`/l/no-slug/${ID}/edit/pricing`);
  });

  it('moves a new listing to the draft type once saved', () => {
    expect(typeAfterSave('new')).toBe('draft');
    expect(typeAfterSave('draft')).toBe('draft');
    expect(typeAfterSave('edit')).toBe('edit');
  });
});

describe('tabStates', () => {
  it('opens only the description of a new listing, nothing completed', () => {
    const states = tabStates('new', listingLikeOf(null), 'description');
    expect(states.map((s) => [s.tab, s.locked, s.completed, s.current])).toEqual([
      ['description', false, false, true],
      ['features', true, false, false],
      ['location', true, false, false],
      ['pricing', true, false, false],
      ['availability', true, false, false],
      ['photos', true, false, false],
    ]);
    expect(states[0]?.path).toBe(`${DRAFT}/description`);
  });

  it('unlocks a draft tab by tab, marking the completed ones', () => {
    const listing = ownListing({ categories: ['sala'] });
    const states = tabStates('draft', listingLikeOf(listing), 'location');
    expect(states.filter((s) => !s.locked).map((s) => s.tab)).toEqual([
      'description',
      'features',
      'location',
    ]);
    expect(states.filter((s) => s.completed).map((s) => s.tab)).toEqual(['description', 'features']);
    expect(states.find((s) => s.current)?.tab).toBe('location');
    expect(states[1]?.path).toBe(`/l/cocina-luminosa-en-chamberi/${ID}/draft/features`);
    expect(states[1]?.labelKey).toBe('listings.tabs.features');
  });

  it('opens every tab while editing, even one whose predecessor became incomplete', () => {
    const listing = listingReadyForPhotos({ state: 'published', price: null });
    const states = tabStates('edit', listingLikeOf(listing), 'photos');
    expect(states.every((s) => !s.locked)).toBe(true);
    expect(states.find((s) => s.tab === 'pricing')?.completed).toBe(false);
    expect(states.find((s) => s.tab === 'photos')?.path).toBe(
      `/l/cocina-luminosa-en-chamberi/${ID}/edit/photos`,
    );
  });
});

describe('labels', () => {
  it('say save and continue, publish on the last tab while creating, save changes while editing', () => {
    expect(submitLabelKey('description', 'new')).toBe('listings.submit.next');
    expect(submitLabelKey('availability', 'draft')).toBe('listings.submit.next');
    expect(submitLabelKey('photos', 'draft')).toBe('listings.submit.publish');
    expect(submitLabelKey('photos', 'edit')).toBe('listings.submit.save');
    expect(submitLabelKey('description', 'edit')).toBe('listings.submit.save');
  });

  it('head a new listing or a draft "new", a published one "edit"', () => {
    expect(headingKey('new')).toBe('listings.wizard.newTitle');
    expect(headingKey('draft')).toBe('listings.wizard.newTitle');
    expect(headingKey('edit')).toBe('listings.wizard.editTitle');
  });

  it('count the steps of the shown tabs', () => {
    expect(stepOf('pricing')).toEqual({ step: 4, total: 6 });
  });
});
