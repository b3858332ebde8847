import { z } from 'zod';
import { emptyToUndefined, optionalUrl } from './config-fields.ts';

/**
 * Text messages (the host's "new order" SMS): kept in the SMS outbox by default, sent through
 * Twilio's REST API when its three variables are set (TWILIO_API_BASE: another API origin, for a
 * fake server in tests or a proxy).
 */
export const smsEnvironment = {
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^AC[0-9a-f]{32}$/i, { message: 'must be a Twilio account SID (AC followed by 32 hex digits)' })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  TWILIO_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/i, {
        message: 'must be a phone number in E.164 form (+34…) or a messaging service SID (MG…)',
      })
      .optional(),
  ),
  TWILIO_API_BASE: optionalUrl,
};

type SmsEnvironment = z.infer<z.ZodObject<typeof smsEnvironment>>;

export type SmsConfig =
  | { kind: 'outbox' }
  | { kind: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string | undefined };

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** All three Twilio variables or none; the API base only with them. */
export function smsProblems(env: SmsEnvironment): string[] {
  const set = TWILIO_VARIABLES.filter((name) => env[name] !== undefined);
  const problems =
    set.length > 0 && set.length < TWILIO_VARIABLES.length
      ? TWILIO_VARIABLES.filter((name) => env[name] === undefined).map(
          (name) => `${name}: is required when ${set.join(', ')} is set`,
        )
      : [];
  if (env.TWILIO_API_BASE && set.length === 0) {
    problems.push('TWILIO_API_BASE: is only used with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  return problems;
}

export function smsConfig(env: SmsEnvironment): SmsConfig {
  return env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
    ? {
        kind: 'twilio',
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
        apiBase: env.TWILIO_API_BASE,
      }
    : { kind: 'outbox' };
}
