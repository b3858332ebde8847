/** The enquiry form's fields (the form and the listing page's action). */
export const ENQUIRY_FIELDS = { message: 'message', idempotencyKey: 'idempotency-key' } as const;

/** The action's answer when the enquiry was not made: why, the text kept, a key for the next try. */
export interface EnquiryResult {
  enquiryError: string;
  message: string;
  idempotencyKey: string;
}

export function isEnquiryResult(value: unknown): value is EnquiryResult {
  return typeof (value as EnquiryResult | null)?.enquiryError === 'string';
}
