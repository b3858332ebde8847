import type { Validation } from '../../forms/use-validation.ts';
import { type RowRef, rowErrors } from './plan-rows.ts';

/** The availability tab's errors by where they show: plan rows (`mon.0`), booking rules, the rest. */
export interface AvailabilityErrors {
  rows: Record<string, string>;
  rules: Record<string, string>;
  other: Record<string, string>;
}

export const NO_AVAILABILITY_ERRORS: AvailabilityErrors = { rows: {}, rules: {}, other: {} };

/**
 * Errors keyed by the request's paths (`plan.entries.2.endTime`, `bookingRules.minDurationMinutes`)
 * → where each shows.
 */
export function splitAvailabilityErrors(
  fields: Readonly<Record<string, string>>,
  rows: readonly RowRef[],
): AvailabilityErrors {
  const rules: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [path, key] of Object.entries(fields)) {
    if (path.startsWith('bookingRules.')) rules[path.slice('bookingRules.'.length)] ??= key;
    else rest[path] = key;
  }
  const split = rowErrors(rest, rows);
  return { rows: split.rows, rules, other: split.other };
}

/** The browser's check of the plan and the rules, with the API's own schema. */
export function availabilityClientErrors(
  validation: Validation,
  body: unknown,
  rows: readonly RowRef[],
): AvailabilityErrors {
  const result = validation.validate(validation.listingAvailabilityRequestSchema, body);
  return result.ok ? NO_AVAILABILITY_ERRORS : splitAvailabilityErrors(result.errors, rows);
}
