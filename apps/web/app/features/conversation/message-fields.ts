import { LIMITS } from '@hora/core/config';

/** The send-message form's fields (the form and the pages' action). */
export const MESSAGE_FIELDS = { intent: 'intent', content: 'content' } as const;
export const SEND_MESSAGE_INTENT = 'send-message';

/** What the action answers when it could not send: the error's message key and the text, kept. */
export interface MessageFormResult {
  messageError: string;
  content: string;
}

export function isMessageFormResult(value: unknown): value is MessageFormResult {
  return typeof (value as MessageFormResult | null)?.messageError === 'string';
}

/**
 * Whether the form may be sent (spec part 2 §5.3: trimmed text required, text areas at most 5000
 * characters): the API checks the same with core's `sendMessageSchema`; this keeps the button
 * disabled without loading the schemas.
 */
export function isSendable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= LIMITS.textAreaMax;
}

/**
 * A form's words for the API's refusal of a field: core's message key ends with the kind of
 * refusal ("required", "tooLong"), which `errors` maps to the form's own message keys.
 */
export function fieldErrorKey(issue: string | undefined, errors: Record<string, string>): string | undefined {
  const kind = issue?.split('.').at(-1);
  return kind && Object.hasOwn(errors, kind) ? errors[kind] : undefined;
}
