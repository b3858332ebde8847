import { describe, expect, it } from 'vitest';
import { bioView, instagramLink, type PublicUser, profileView, tiktokLink } from './public-profile.ts';

const lucia: PublicUser = {
  id: '0b8c5c9e-4c1f-4c53-9a57-2f0a4d1e9a11',
  banned: false,
  deleted: false,
  displayName: 'Lucía G.',
  abbreviatedName: 'LG',
  bio: 'Cocinera.',
  instagram: '@lucia.cocina',
  tiktok: 'luciacocina',
  avatar: null,
  createdAt: '2024-03-31T10:00:00.000Z',
};

describe('bioView', () => {
  it('keeps a bio of 170 characters whole', () => {
    const bio = 'a'.repeat(170);
    expect(bioView(bio)).toEqual({ short: bio, full: bio, truncated: false });
  });

  it('cuts a bio of 171 characters at 170, with an ellipsis', () => {
    const view = bioView('b'.repeat(171));
    expect(view?.truncated).toBe(true);
    expect(view?.short).toBe(`${'b'.repeat(170)}…`);
    expect(view?.full).toHaveLength(171);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const bio = `${'c'.repeat(169)}🍳🍳`;
    expect(bioView(bio)?.short).toBe(`${'c'.repeat(169)}🍳…`);
  });

  it('shows nothing for an empty bio', () => {
    expect(bioView(null)).toBeNull();
    expect(bioView('   ')).toBeNull();
  });
});

describe('social links', () => {
  it.each([
    ['lucia.cocina', 'https://www.instagram.com/lucia.cocina/'],
    ['@lucia.cocina', 'https://www.instagram.com/lucia.cocina/'],
    ['https://www.instagram.com/lucia.cocina/', 'https://www.instagram.com/lucia.cocina/'],
    ['instagram.com/lucia_cocina?igsh=abc', 'https://www.instagram.com/lucia_cocina/'],
  ])('Instagram %j → %s', (text, url) => {
    expect(instagramLink(text)?.url).toBe(url);
  });

  it.each([
    ['luciacocina', 'https://www.tiktok.com/@luciacocina'],
    ['@luciacocina', 'https://www.tiktok.com/@luciacocina'],
    ['https://www.tiktok.com/@luciacocina', 'https://www.tiktok.com/@luciacocina'],
  ])('TikTok %j → %s', (text, url) => {
    expect(tiktokLink(text)?.url).toBe(url);
  });

  it.each([
    [null],
    [''],
    ['javascript:alert(1)'],
    ['https://evil.example/lucia'],
    ['two words'],
    ['"><script>'],
  ])('makes no link of %j', (text) => {
    expect(instagramLink(text)).toBeNull();
    expect(tiktokLink(text)).toBeNull();
  });
});

describe('profileView', () => {
  it('shows an active person with their links', () => {
    expect(profileView(lucia)).toMatchObject({
      kind: 'active',
      name: 'Lucía G.',
      initials: 'LG',
      bio: { short: 'Cocinera.', truncated: false },
      instagram: { handle: 'lucia.cocina' },
      tiktok: { handle: 'luciacocina' },
    });
  });

  it.each([
    ['banned', { banned: true }],
    ['deleted', { deleted: true }],
    ['banned', { banned: true, deleted: true }],
  ] as const)('shows a %s person as a placeholder, without bio or links', (kind, flags) => {
    expect(profileView({ ...lucia, ...flags })).toEqual({ kind });
  });
});
