import { LIMITS } from '@hora/core/config';
import type { AvatarVariants } from '@hora/core/session';
import { truncateText } from '@hora/core/text';
import { userDisplay } from '@hora/core/user';

/** A person as `GET /api/users/:id` shows them to anyone. */
export interface PublicUser {
  id: string;
  banned: boolean;
  deleted: boolean;
  displayName: string | null;
  abbreviatedName: string | null;
  bio: string | null;
  instagram: string | null;
  tiktok: string | null;
  avatar: AvatarVariants | null;
  createdAt: string;
}

export interface SocialLink {
  handle: string;
  url: string;
}

export type ProfileView =
  | { kind: 'banned' | 'deleted' }
  | {
      kind: 'active';
      name: string;
      initials: string;
      avatar: AvatarVariants | null;
      /** The bio cut at 170 characters (spec part 2 §9) with the whole text for "show more". */
      bio: { short: string; full: string; truncated: boolean } | null;
      instagram: SocialLink | null;
      tiktok: SocialLink | null;
    };

const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;
const TIKTOK_HANDLE = /^[A-Za-z0-9._]{1,24}$/;

/**
 * People type "@lucia", "lucia" or paste their profile's address; the link is always built from the
 * handle alone, so whatever was typed can only ever point at the network's own site.
 */
function handleOf(text: string | null, host: RegExp, pattern: RegExp): string | null {
  const value = text?.trim() ?? '';
  if (value === '') return null;
  const fromUrl = value.match(
    new RegExp(`^(?:https?://)?(?:www\\.|m\\.)?${host.source}/@?([^/?#]+)/?(?:[?#].*)?$`, 'i'),
  );
  const handle = (fromUrl?.[1] ?? value).replace(/^@/, '');
  return pattern.test(handle) ? handle : null;
}

export function instagramLink(text: string | null): SocialLink | null {
  const handle = handleOf(text, /instagram\.com/, INSTAGRAM_HANDLE);
  return handle ? { handle, url: `https://www.instagram.com/${handle}/` } : null;
}

export function tiktokLink(text: string | null): SocialLink | null {
  const handle = handleOf(text, /tiktok\.com/, TIKTOK_HANDLE);
  return handle ? { handle, url: `https://www.tiktok.com/@${handle}` } : null;
}

export function bioView(bio: string | null): { short: string; full: string; truncated: boolean } | null {
  const full = bio?.trim() ?? '';
  if (full === '') return null;
  const { text, truncated } = truncateText(full, LIMITS.bioTruncate);
  return { short: text, full, truncated };
}

/** What the profile page shows; banned and deleted people are placeholders (spec part 1 §3). */
export function profileView(user: PublicUser): ProfileView {
  const display = userDisplay(user);
  if (display.kind !== 'active') return { kind: display.kind };
  return {
    kind: 'active',
    name: display.name,
    initials: user.abbreviatedName ?? '',
    avatar: user.avatar,
    bio: bioView(user.bio),
    instagram: instagramLink(user.instagram),
    tiktok: tiktokLink(user.tiktok),
  };
}
