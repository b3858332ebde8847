import { describe, expect, it } from 'vitest';
import { listingReadyForPhotos, ownListing } from './test-listing.ts';
import { wizardDecision, wizardTarget, wizardTypeOf } from './wizard-request.ts';

const ID = '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e';
const ZERO = '00000000-0000-0000-0000-000000000000';
const SLUG = 'cocina-luminosa-en-chamberi';

describe('wizardTarget', () => {
  it('reads the all-zero id as a listing to create', () => {
    expect(wizardTarget({ slug: 'draft', id: ZERO, type: 'new', tab: 'description' })).toEqual({
      kind: 'new',
    });
  });

  it('loads a listing named by a uuid', () => {
    expect(wizardTarget({ slug: 'x', id: ID, type: 'edit', tab: 'pricing' })).toEqual({
      kind: 'listing',
      id: ID,
    });
  });

  it.each([
    { id: 'not-a-uuid', type: 'edit' },
    { id: ID, type: 'preview' },
    { id: ZERO, type: 'publish' },
  ])('has no listing for id $id and type $type', ({ id, type }) => {
    expect(wizardTarget({ slug: 's', id, type, tab: 'description' })).toEqual({ kind: 'not-found' });
  });
});

describe('wizardTypeOf', () => {
  it('creates new listings, finishes drafts and edits anything published once', () => {
    expect(wizardTypeOf(null)).toBe('new');
    expect(wizardTypeOf({ state: 'draft' })).toBe('draft');
    expect(wizardTypeOf({ state: 'pendingApproval' })).toBe('edit');
    expect(wizardTypeOf({ state: 'published' })).toBe('edit');
    expect(wizardTypeOf({ state: 'closed' })).toBe('edit');
  });
});

describe('wizardDecision', () => {
  it('shows a reachable tab at its canonical path', () => {
    expect(wizardDecision({ slug: 'draft', id: ZERO, type: 'new', tab: 'description' }, null)).toEqual({
      kind: 'show',
      type: 'new',
      tab: 'description',
    });
    expect(
      wizardDecision({ slug: SLUG, id: ID, type: 'draft', tab: 'photos' }, listingReadyForPhotos()),
    ).toEqual({ kind: 'show', type: 'draft', tab: 'photos' });
  });

  it('sends a new listing asked for a later tab back to the description', () => {
    expect(wizardDecision({ slug: 'draft', id: ZERO, type: 'new', tab: 'pricing' }, null)).toEqual({
      kind: 'redirect',
      to: `/l/draft/${ZERO}/new/description`,
    });
  });

  it('sends a draft to the nearest earlier reachable tab', () => {
    const listing = ownListing({ categories: ['cocina'] });
    expect(wizardDecision({ slug: SLUG, id: ID, type: 'draft', tab: 'photos' }, listing)).toEqual({
      kind: 'redirect',
      to: `/l/${SLUG}/${ID}/draft/location`,
    });
  });

  it('sends the premium video tab, never shown, to the tab before it', () => {
    const listing = ownListing({ categories: ['cocina'] });
    expect(wizardDecision({ slug: SLUG, id: ID, type: 'draft', tab: 'video' }, listing)).toEqual({
      kind: 'redirect',
      to: `/l/${SLUG}/${ID}/draft/features`,
    });
  });

  it('sends an unknown tab to the first one', () => {
    expect(wizardDecision({ slug: SLUG, id: ID, type: 'draft', tab: 'nope' }, ownListing())).toEqual({
      kind: 'redirect',
      to: `/l/${SLUG}/${ID}/draft/description`,
    });
  });

  it('fixes the slug and the type to the listing’s own', () => {
    const published = listingReadyForPhotos({ state: 'published' });
    expect(wizardDecision({ slug: 'old-title', id: ID, type: 'draft', tab: 'pricing' }, published)).toEqual({
      kind: 'redirect',
      to: `/l/${SLUG}/${ID}/edit/pricing`,
    });
    expect(wizardDecision({ slug: SLUG, id: ID, type: 'new', tab: 'description' }, ownListing())).toEqual({
      kind: 'redirect',
      to: `/l/${SLUG}/${ID}/draft/description`,
    });
  });

  it('lets an edited listing open any tab', () => {
    const published = listingReadyForPhotos({ state: 'published', categories: [] });
    expect(wizardDecision({ slug: SLUG, id: ID, type: 'edit', tab: 'photos' }, published)).toEqual({
      kind: 'show',
      type: 'edit',
      tab: 'photos',
    });
  });
});
