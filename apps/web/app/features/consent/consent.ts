import { COOKIE_CONSENT } from '@hora/core/config';

export const CONSENT_COOKIE = COOKIE_CONSENT.name;
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 365 * COOKIE_CONSENT.years;
