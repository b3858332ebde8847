/** The accept/decline form's field names (the page's form and its action). */
export const DECISION_FIELDS = { transition: 'transition', idempotencyKey: 'idempotency-key' } as const;

export interface DecisionResult {
  /** A message key of the `transactions` namespace. */
  error: string;
  /**
   * A new key for the next try: after a refusal the page's loader does not run again (React Router
   * skips revalidation after an error status), and the old key would only replay the refusal.
   */
  idempotencyKey: string;
}
