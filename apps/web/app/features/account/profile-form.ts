import type { SessionUser } from '@hora/core/session';
import type { Validation } from '../forms/use-validation.ts';

/** The profile-settings form's text fields (the avatar is uploaded on its own). */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  bio: string;
  instagram: string;
  tiktok: string;
}

const FIELDS = [
  'firstName',
  'lastName',
  'bio',
  'instagram',
  'tiktok',
] as const satisfies readonly (keyof ProfileValues)[];

export function profileValuesOf(
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'bio' | 'instagram' | 'tiktok'>,
): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio ?? '',
    instagram: user.instagram ?? '',
    tiktok: user.tiktok ?? '',
  };
}

/** Field → message key, for the fields that break a rule (first and last name are required). */
export function profileErrors(values: ProfileValues, validation: Validation | null): Record<string, string> {
  if (!validation) return {};
  const result = validation.validate(validation.profileSettingsSchema, values);
  return result.ok ? {} : result.errors;
}

/** The same profile once saved: the API trims every field, so surrounding spaces change nothing. */
export function sameProfileValues(a: ProfileValues, b: ProfileValues): boolean {
  return FIELDS.every((field) => a[field].trim() === b[field].trim());
}

/**
 * Spec part 2 §5.2: Save is disabled when the form is invalid, pristine, unchanged since the last
 * submit, while an avatar upload is in progress or while the update is in progress.
 */
export function isProfileSaveDisabled(state: {
  values: ProfileValues;
  /** The saved profile. */
  initial: ProfileValues;
  /** What the last submit sent; null before the first. */
  lastSubmitted: ProfileValues | null;
  uploading: boolean;
  saving: boolean;
  validation: Validation | null;
}): boolean {
  const invalid = Object.keys(profileErrors(state.values, state.validation)).length > 0;
  const pristine = sameProfileValues(state.values, state.initial);
  const unchangedSinceSubmit =
    state.lastSubmitted !== null && sameProfileValues(state.values, state.lastSubmitted);
  return invalid || pristine || unchangedSinceSubmit || state.uploading || state.saving;
}
