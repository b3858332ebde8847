import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { LIMITS, MARKETPLACE } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { hasAllowedCharacters, isBlank } from './text.ts';

/**
 * A phone number as E.164 (`+34612345678`), or undefined when the text is blank or not a number
 * that exists in the numbering plan of its country (the number's length is checked: the small
 * metadata keeps the web bundle light).
 */
export function toE164(text: string, country: CountryCode = MARKETPLACE.country): string | undefined {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isValid() && parsed.ext === undefined ? parsed.number : undefined;
}

/**
 * Phone input (spec part 2 §5.2): typed with digits grouped, stored as E.164. Optional: empty or
 * blank is no number. Anything else must be a phone number.
 */
export const phoneNumber = () =>
  z
    .string({ error: M.invalid })
    .trim()
    .max(LIMITS.phoneInputMax, { error: M.phoneInvalid, abort: true })
    .refine((v) => hasAllowedCharacters(v, 'line'), { error: M.phoneInvalid, abort: true })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || isBlank(v)) return undefined;
      const number = toE164(v);
      if (number === undefined) ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
      return number;
    });
