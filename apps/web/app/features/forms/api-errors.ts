import { type ErrorCode, isErrorCode } from '@hora/core/errors';
import type { ApiResult } from '../../context.ts';
import { apiErrorKey } from './api-error-key.ts';

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

/** The codes that are about one field show next to it; the rest show above the form. */
const CODES_BY_FIELD: Record<string, readonly ErrorCode[]> = {
  email: ['email-taken', 'email-not-found'],
  currentPassword: ['wrong-password'],
};

function fieldOf(code: ErrorCode): string | undefined {
  return Object.keys(CODES_BY_FIELD).find((field) => CODES_BY_FIELD[field]?.includes(code));
}

const REASONS: Record<string, string> = {
  'common-password': 'validation.password.common',
  'invalid-token': 'errors.link.invalid',
  'unsupported-type': 'validation.image.typeInvalid',
};

/**
 * Turns an API error answer (spec part 2 §8) into message keys: the code decides where the message
 * shows (on a field, like "email already taken", or above the form) and which text it is.
 */
export function formErrorsFrom(result: Pick<ApiResult<unknown>, 'status' | 'data'>): FormErrors {
  const errors = (result.data as { errors?: ApiError[] } | null)?.errors ?? [];
  const fields: Record<string, string> = {};
  let form: string | undefined;
  for (const error of errors) {
    const code = isErrorCode(error.code) ? error.code : undefined;
    const field = code ? fieldOf(code) : undefined;
    const reason = error.meta?.reason ? REASONS[error.meta.reason] : undefined;
    if (error.code === 'validation-invalid-params' && error.meta?.issues?.length) {
      for (const issue of error.meta.issues) {
        fields[issue.path] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
      }
    } else if (code && field) {
      fields[error.meta?.field ?? field] = apiErrorKey(code);
    } else if (reason && error.meta?.field && error.meta.field !== 'token') {
      fields[error.meta.field] = reason;
    } else if (reason) {
      form = reason;
    } else {
      form = code ? apiErrorKey(code) : 'errors.api.generic';
    }
  }
  if (errors.length === 0 && result.status >= 400) form = 'errors.api.generic';
  return form === undefined ? { fields } : { form, fields };
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.form !== undefined || Object.keys(errors.fields).length > 0;
}
