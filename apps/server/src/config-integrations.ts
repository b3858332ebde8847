import { z } from 'zod';
import { booleanFlag, emptyToUndefined, optionalUrl, pairProblems } from './config-fields.ts';

/**
 * The variables of the outside services a deployment may plug in (image storage, payments), and the
 * checks that span several of them. `config.ts` spreads these into the environment's schema.
 */
export const imageStorageEnvironment = {
  IMAGE_STORAGE: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  ),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
      .optional(),
  ),
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, { message: 'must be a region such as eu-west-1 (or auto for R2)' })
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_PUBLIC_URL: optionalUrl,
  S3_FORCE_PATH_STYLE: booleanFlag,
};

export const paymentsEnvironment = {
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' })
      .optional(),
  ),
  STRIPE_API_BASE: optionalUrl,
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, { message: "must be a Stripe webhook signing secret (whsec_…, the endpoint's)" })
      .optional(),
  ),
};

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
] as const;

/** A URL pages may load images from: https, or plain http on this machine (a development MinIO). */
function isImageOrigin(url: string, production: boolean): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  return !production && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

export function imageStorageProblems(
  env: z.infer<z.ZodObject<typeof imageStorageEnvironment>> & { NODE_ENV: string },
): string[] {
  if (env.IMAGE_STORAGE !== 's3') {
    const stray = S3_VARIABLES.filter((name) => env[name] !== undefined);
    return stray.length > 0 ? [`IMAGE_STORAGE: must be s3 when ${stray.join(', ')} is set`] : [];
  }
  const production = env.NODE_ENV === 'production';
  const [publicName, publicUrl] = env.S3_PUBLIC_URL
    ? ['S3_PUBLIC_URL', env.S3_PUBLIC_URL]
    : ['S3_ENDPOINT', env.S3_ENDPOINT];
  return [
    ...(env.S3_BUCKET ? [] : ['S3_BUCKET: is required when IMAGE_STORAGE is s3']),
    ...(env.S3_REGION || env.S3_ENDPOINT
      ? []
      : ['S3_REGION: is required for AWS S3 (set S3_ENDPOINT for another S3-compatible service)']),
    ...pairProblems(env, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'),
    ...(publicUrl && !isImageOrigin(publicUrl, production)
      ? [
          `${publicName}: must be an https URL${production ? '' : ' (or http on localhost)'}: pages load the images from it`,
        ]
      : []),
  ];
}

/** Stripe's keys come in pairs of one mode: test keys with test keys, live with live. */
export function stripeProblems(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_BASE?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}) {
  const problems = pairProblems(env, 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY');
  const mode = (key: string | undefined) => key?.split('_')[1];
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    if (mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY)) {
      problems.push('STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY');
    }
  }
  if (env.STRIPE_API_BASE && !env.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_API_BASE: is only used with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  // Payments are confirmed by Stripe's webhooks too: without the endpoint's secret none is believed.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (the signing secret of the /api/payments/webhook endpoint)',
    );
  }
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_WEBHOOK_SECRET: is only used with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  return problems;
}
