import type { ApiResult } from '../../context.ts';

/** Translatable errors of a form: one per field, and one for the whole form. */
export interface FormErrors {
  form?: string;
  fields: Record<string, string>;
}

interface ApiError {
  code: string;
  status: number;
  meta?: { field?: string; reason?: string; issues?: { path: string; message: string }[] };
}

const FIELD_ERRORS: Record<string, { field: string; key: string }> = {
  'email-taken': { field: 'email', key: 'errors.api.email-taken' },
  'email-not-found': { field: 'email', key: 'errors.api.email-not-found' },
  'wrong-password': { field: 'currentPassword', key: 'errors.api.wrong-password' },
};

const REASONS: Record<string, string> = {
  'common-password': 'validation.password.common',
  'invalid-token': 'errors.api.invalid-token',
  'unsupported-type': 'validation.image.typeInvalid',
};

/** Known API error codes have their own text; anything else is the generic failure. */
const FORM_ERRORS = new Set([
  'unauthorized',
  'captcha-failed',
  'invalid-referral-code',
  'email-too-many-verification-requests',
  'rate-limited',
  'csrf-failed',
  'request-upload-over-limit',
  'unsupported-media-type',
  'not-found',
  'forbidden',
]);

/**
 * Turns an API error answer (spec part 2 §8) into message keys: the code decides where the message
 * shows (on a field, like "email already taken", or above the form) and which text it is.
 */
export function formErrorsFrom(result: Pick<ApiResult<unknown>, 'status' | 'data'>): FormErrors {
  const errors = (result.data as { errors?: ApiError[] } | null)?.errors ?? [];
  const fields: Record<string, string> = {};
  let form: string | undefined;
  for (const error of errors) {
    const fieldError = FIELD_ERRORS[error.code];
    const reason = error.meta?.reason ? REASONS[error.meta.reason] : undefined;
    if (error.code === 'validation-invalid-params' && error.meta?.issues?.length) {
      for (const issue of error.meta.issues) {
        fields[issue.path] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
      }
    } else if (fieldError) {
      fields[error.meta?.field ?? fieldError.field] = fieldError.key;
    } else if (reason && error.meta?.field && error.meta.field !== 'token') {
      fields[error.meta.field] = reason;
    } else if (reason) {
      form = reason;
    } else {
      form = FORM_ERRORS.has(error.code) ? `errors.api.${error.code}` : 'errors.api.generic';
    }
  }
  if (errors.length === 0 && result.status >= 400) form = 'errors.api.generic';
  return form === undefined ? { fields } : { form, fields };
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.form !== undefined || Object.keys(errors.fields).length > 0;
}
