/** The accept/decline form's field names (the page's form and its action). */
export const DECISION_FIELDS = { transition: 'transition', idempotencyKey: 'idempotency-key' } as const;

export interface DecisionResult {
  /** A message key of the `transactions` namespace. */
  error: string;
}
