/** The form field that tells an action which of a page's forms was sent. */
export const INTENT = 'intent';
export const RESEND_VERIFICATION = 'resend-verification';
