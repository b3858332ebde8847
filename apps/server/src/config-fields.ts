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

/**
 * TRUST_PROXY: how many proxies in front of the server to trust, counted from the server. `true`
 * (or `yes`) is one, the usual TLS proxy; `false` none. Only the address the nearest trusted proxy
 * appended to `X-Forwarded-For` is taken as the client's: the entries before it are the client's
 * own writing. (Fastify's `trustProxy: true` would trust every hop, the first entry included.)
 */
export const proxyHops = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', 'yes', 'no', '0', '1', '2', '3', '4', '5'], {
      message: 'must be true, false or the number of proxies in front of the server (1–5)',
    })
    .transform((value) =>
      value === 'true' || value === 'yes' ? 1 : value === 'false' || value === 'no' ? 0 : Number(value),
    )
    .optional(),
);

/** Both halves of a pair of variables, or neither. */
export function pairProblems(env: Record<string, unknown>, first: string, second: string): string[] {
  const hasFirst = env[first] !== undefined;
  return hasFirst === (env[second] !== undefined)
    ? []
    : [`${hasFirst ? second : first}: is required when ${hasFirst ? first : second} is set`];
}
