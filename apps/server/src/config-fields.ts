import { z } from 'zod';

/** Field parsers shared by the environment's variables: an empty value reads as unset. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
export const optionalUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
);
export const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .optional(),
);

/** Both halves of a pair of variables, or neither. */
export function pairProblems(env: Record<string, unknown>, first: string, second: string): string[] {
  const hasFirst = env[first] !== undefined;
  return hasFirst === (env[second] !== undefined)
    ? []
    : [`${hasFirst ? second : first}: is required when ${hasFirst ? first : second} is set`];
}
