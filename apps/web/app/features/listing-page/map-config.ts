import { MAP } from '@hora/core/config';
import type { PublicConfig } from '../../context.ts';

/*
 * PENDING (f9-geo): whether the marketplace keeps listing locations fuzzy is its configuration
 * (spec part 2 §9: off by default); once the map branch hands it to the web app in the public
 * configuration, this reads it there. Until then, core's default.
 */
export function isFuzzyLocation(_config: PublicConfig): boolean {
  return MAP.fuzzyEnabled;
}
