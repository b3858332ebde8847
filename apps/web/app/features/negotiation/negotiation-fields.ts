/** The offer and answer forms' field names (the forms and the pages' actions). */
export const NEGOTIATION_FIELDS = { intent: 'negotiation', price: 'price' } as const;

export const NEGOTIATION_INTENTS = ['offer', 'accept', 'decline'] as const;
export type NegotiationIntent = (typeof NEGOTIATION_INTENTS)[number];

export function isNegotiationIntent(value: unknown): value is NegotiationIntent {
  return NEGOTIATION_INTENTS.includes(value as NegotiationIntent);
}

/** What the page's action answers when the offer or answer was refused (message keys). */
export interface NegotiationResult {
  negotiation: {
    /** A message key: `offers.errors.*` or a validation message. */
    error: string;
    /** Whether the error is the price field's own (shown under it). */
    field: boolean;
    /** The price as typed, put back in the field. */
    price: string;
  };
}
