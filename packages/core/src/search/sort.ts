import { SORT, type SortKey } from '../config/constants.ts';

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT.options as readonly string[]).includes(value);
}

/** Is any filter that conflicts with explicit ordering (keywords) active? */
export function isConflictingFilterActive(
  query: Record<string, unknown>,
  conflicting: readonly string[] = SORT.conflictingFilters,
): boolean {
  return conflicting.some((key) => {
    const value = query[key];
    return value !== undefined && value !== null && String(value).trim() !== '';
  });
}

export interface SortOption {
  key: SortKey;
  disabled: boolean;
}

/**
 * Relevance is offered only while a keyword search is active, and is then the only option:
 * ordering by price makes no sense against a text match score.
 */
export function sortOptions(query: Record<string, unknown>): SortOption[] {
  const conflict = isConflictingFilterActive(query);
  return SORT.options.map((key) => ({ key, disabled: (key === SORT.relevance) !== conflict }));
}

/** The order results are in: relevance under a keyword search, else the chosen or default one. */
export function effectiveSort(query: { sort?: unknown } & Record<string, unknown>): SortKey {
  if (isConflictingFilterActive(query)) return SORT.relevance;
  return isSortKey(query.sort) && query.sort !== SORT.relevance ? query.sort : SORT.default;
}
