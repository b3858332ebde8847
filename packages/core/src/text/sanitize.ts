/**
 * Angle brackets become full-width look-alikes (＜ ＞): text stays readable but can never open
 * a tag, whatever a renderer does with it (spec part 1 §3).
 */
const REPLACEMENTS: Record<string, string> = { '<': '\uff1c', '>': '\uff1e' };

export function sanitizeText<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.replace(/[<>]/g, (ch) => REPLACEMENTS[ch] ?? ch) : value) as T;
}

export interface SanitizableListing {
  title?: string | null;
  description?: string | null;
  publicData?: {
    location?: { address?: string | null; building?: string | null } | null;
    rules?: string | null;
    [key: string]: unknown;
  } | null;
  [key: string]: unknown;
}

/** Sanitises the listing fields people type: title, description, address, building, rules. */
export function sanitizeListing<T extends SanitizableListing>(listing: T): T {
  const publicData = listing.publicData;
  const location = publicData?.location;
  return {
    ...listing,
    ...('title' in listing ? { title: sanitizeText(listing.title) } : {}),
    ...('description' in listing ? { description: sanitizeText(listing.description) } : {}),
    ...(publicData
      ? {
          publicData: {
            ...publicData,
            ...('rules' in publicData ? { rules: sanitizeText(publicData.rules) } : {}),
            ...(location
              ? {
                  location: {
                    ...location,
                    ...('address' in location ? { address: sanitizeText(location.address) } : {}),
                    ...('building' in location ? { building: sanitizeText(location.building) } : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

export interface SanitizableProfile {
  displayName?: string | null;
  abbreviatedName?: string | null;
  bio?: string | null;
  [key: string]: unknown;
}

/** Sanitises the user fields shown to others: display name, abbreviated name, bio. */
export function sanitizeProfile<T extends SanitizableProfile>(profile: T): T {
  const result: SanitizableProfile = { ...profile };
  for (const key of ['displayName', 'abbreviatedName', 'bio'] as const) {
    if (key in profile) result[key] = sanitizeText(profile[key]);
  }
  return result as T;
}
