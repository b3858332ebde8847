import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { isSupportedCurrency } from '../money/currencies.ts';
import { isDateKey, isTimeOfDay } from '../time/calendar.ts';
import { isMessageKey, MESSAGES as M, type MessageKey } from './messages.ts';
import { hasAllowedCharacters, isBlank, normalizeNewlines, type TextKind } from './text.ts';

/**
 * Shared validators of spec part 2 §5.1. Every check aborts on failure, so the first failing
 * validator of a field is the one reported.
 */
const abort = (error: MessageKey) => ({ error, abort: true });

/** An object of fields; anything but an object is reported as invalid. */
export const form = <S extends z.ZodRawShape>(shape: S, error: MessageKey = M.invalid) =>
  z.object(shape, { error });

interface TextOptions {
  max?: number;
  tooLong?: MessageKey;
  /** Text areas keep their line feeds and tabs; single lines refuse them. */
  kind?: Exclude<TextKind, 'password'>;
}

/** A string with the character policy of `text.ts` applied after trimming; may be empty. */
const boundedText = (
  { max = LIMITS.lineMax, tooLong = M.tooLong, kind = 'line' }: TextOptions,
  error: MessageKey,
) => {
  const text = z.string({ error });
  return (kind === 'textArea' ? text.overwrite(normalizeNewlines) : text)
    .trim()
    .max(max, abort(tooLong))
    .refine((v) => hasAllowedCharacters(v, kind), abort(M.charactersInvalid));
};

/**
 * A non-empty string after trimming; the output is trimmed. At most `max` characters (a single
 * line of 200 unless told), no control characters, and not only invisible characters.
 */
export const requiredString = (error: MessageKey = M.required, options: TextOptions = {}) =>
  boundedText(options, error)
    .min(1, abort(error))
    .refine((v) => !isBlank(v), abort(error));

/** Any non-empty string, not trimmed (passwords keep their spaces). */
export const requiredUntrimmedString = (error: MessageKey = M.required) =>
  z.string({ error }).min(1, abort(error));

/** An optional string: empty, whitespace or invisible characters become undefined. */
export const optionalString = (max: number = LIMITS.lineMax, kind: TextOptions['kind'] = 'line') =>
  boundedText({ max, kind, tooLong: kind === 'textArea' ? M.textTooLong : M.tooLong }, M.invalid)
    .optional()
    .transform((v) => (v === undefined || isBlank(v) ? undefined : v));

/** An optional text area: at most 5000 characters, line feeds and tabs kept. */
export const optionalTextArea = (max: number = LIMITS.textAreaMax) => optionalString(max, 'textArea');

/** A person's first or last name. */
export const personName = () => requiredString(M.required, { max: LIMITS.nameMax, tooLong: M.nameTooLong });

/** A token from a link or a captcha: printable ASCII (base64, JWT, hex), bounded. */
export const token = (max: number = LIMITS.tokenMax) =>
  requiredString(M.required, { max, tooLong: M.invalid }).regex(/^[\x21-\x7E]+$/, abort(M.invalid));

export const requiredBoolean = () => z.boolean({ error: M.required });

/** "Any defined non-string value" flavour of required. */
export const requiredValue = () =>
  z.unknown().refine((v) => v !== undefined && v !== null, { error: M.required });

export const nonEmptyArray = <T extends z.ZodType>(item: T, error: MessageKey = M.arrayEmpty) =>
  z.array(item, { error: M.required }).min(1, abort(error));

/** An object with at least one truthy entry (e.g. a group of checkboxes). */
export const objectWithTruthyEntry = () =>
  z.record(z.string(), z.unknown(), { error: M.required }).refine((o) => Object.values(o).some(Boolean), {
    error: M.objectEmpty,
  });

export const minLength = (min: number, error: MessageKey = M.tooShort) =>
  z.string({ error: M.required }).min(min, abort(error));

/** Passes when empty, as the spec says. */
export const maxLength = (max: number, error: MessageKey = M.tooLong) =>
  z.string({ error: M.invalid }).max(max, abort(error));

/** {email}: case-insensitive, a top-level domain of at least 2 letters. */
export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

export const email = () =>
  requiredString(M.required, { max: LIMITS.emailMax, tooLong: M.emailInvalid }).regex(
    EMAIL_RE,
    abort(M.emailInvalid),
  );

/** The log-in email: any text (an old address may not match today's format), but bounded. */
export const loginEmail = () => requiredString(M.required, { max: LIMITS.emailMax, tooLong: M.emailInvalid });

const passwordCharacters = (v: string) => hasAllowedCharacters(v, 'password');

/** Password bounds are configurable (spec part 2 §9); 8 to 256 by default. */
export const password = (bounds: { min?: number; max?: number } = {}) =>
  requiredUntrimmedString()
    .min(bounds.min ?? LIMITS.passwordMin, abort(M.passwordTooShort))
    .max(bounds.max ?? LIMITS.passwordMax, abort(M.passwordTooLong))
    .refine(passwordCharacters, abort(M.charactersInvalid));

/** The password typed to log in: only required and bounded, the check is the stored hash. */
export const loginPassword = () =>
  requiredUntrimmedString()
    .max(LIMITS.passwordMax, abort(M.passwordTooLong))
    .refine(passwordCharacters, abort(M.charactersInvalid));

/** A password field that may be left empty (its need is decided elsewhere), bounded all the same. */
export const optionalPassword = () =>
  z
    .string({ error: M.invalid })
    .max(LIMITS.passwordMax, abort(M.passwordTooLong))
    .refine(passwordCharacters, abort(M.charactersInvalid))
    .optional();

/** A text area: required, at most 5000 characters, line feeds and tabs kept. */
export const textArea = (max: number = LIMITS.textAreaMax) =>
  requiredString(M.required, { max, tooLong: M.textTooLong, kind: 'textArea' });

/** A title: required, trimmed, at most 60 characters. */
export const title = (max: number = LIMITS.titleMax) =>
  requiredString(M.required, { max, tooLong: M.titleTooLong });

export const uuid = () => z.uuid({ error: M.uuidInvalid });

export const dateKey = () => z.string({ error: M.required }).refine(isDateKey, abort(M.dateInvalid));

export const timeOfDay = () => z.string({ error: M.required }).refine(isTimeOfDay, abort(M.timeInvalid));

export const isoDateTime = () =>
  z.iso.datetime({ offset: true, error: M.dateInvalid }).transform((v) => new Date(v));

/**
 * Zod runs an object's refinements even when one of its fields failed, with that field's raw
 * input: a refinement comparing two `isoDateTime()` fields judges only when both are dates (the
 * failed field's own issue answers otherwise, a 400 rather than a TypeError's 500).
 */
export function isDatePair(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date;
}

export const HTTP_URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

export const httpUrl = () =>
  requiredString(M.required, { max: LIMITS.urlMax, tooLong: M.urlInvalid }).regex(
    HTTP_URL_RE,
    abort(M.urlInvalid),
  );

export const latLng = () =>
  z.object(
    {
      lat: z.number({ error: M.invalid }).min(-90, { error: M.invalid }).max(90, { error: M.invalid }),
      lng: z.number({ error: M.invalid }).min(-180, { error: M.invalid }).max(180, { error: M.invalid }),
    },
    { error: M.required },
  );

/** An address picked from the geocoder: text plus the point it resolved to. */
export const selectedPlace = () =>
  z.object({ address: requiredString(M.placeRequired), origin: latLng() }, { error: M.placeRequired });

/** The location search box: some text typed, and a place picked from the predictions. */
export const locationSearch = () =>
  form(
    {
      search: requiredString(M.locationSearchRequired),
      selectedPlace: selectedPlace(),
    },
    M.locationSearchRequired,
  );

/** A Money value, in a given currency when one is passed, at or above a minimum. */
export const moneySchema = (options: { currency?: string; minAmount?: number } = {}) =>
  z
    .object(
      {
        amount: z
          .number({ error: M.moneyInvalid })
          .int(abort(M.moneyInvalid))
          .refine(Number.isSafeInteger, abort(M.moneyInvalid)),
        currency: z.string({ error: M.moneyInvalid }).refine(isSupportedCurrency, abort(M.currencyInvalid)),
      },
      { error: M.required },
    )
    .refine(
      (m) => options.currency === undefined || m.currency === options.currency,
      abort(M.currencyInvalid),
    )
    .refine((m) => options.minAmount === undefined || m.amount >= options.minAmount, {
      error: M.moneyTooLow,
    });

/** Field → first message key; anything not from our catalogue reads as 'validation.invalid'. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  for (const issue of error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = isMessageKey(issue.message) ? issue.message : M.invalid;
  }
  return errors;
}

/** Validates and returns either the data or the per-field message keys. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: Record<string, MessageKey> } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
