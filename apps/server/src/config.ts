import path from 'node:path';
import { BOOKING_HOLDS } from '@hora/core/config';
import { z } from 'zod';
import { booleanFlag, emptyToUndefined, optionalUrl, pairProblems, proxyHops } from './config-fields.ts';
import {
  imageStorageEnvironment,
  imageStorageProblems,
  paymentsEnvironment,
  stripeProblems,
} from './config-integrations.ts';
import { type SmsConfig, smsConfig, smsEnvironment, smsProblems } from './config-sms.ts';
import { repositoryRoot } from './paths.ts';

/** OpenStreetMap's standard tiles, fine for a small marketplace under its tile usage policy. */
const OPENSTREETMAP_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number between 1 and 65535' })
      .int({ message: 'must be a whole number between 1 and 65535' })
      .min(1, { message: 'must be a whole number between 1 and 65535' })
      .max(65535, { message: 'must be a whole number between 1 and 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  LISTEN_DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: proxyHops,
  SEED_DEMO_DATA: booleanFlag,
  DEV_MAILBOX: booleanFlag,
  TEST_CLOCK: booleanFlag,
  JOBS_WORKERS: booleanFlag,
  LISTINGS_REQUIRE_APPROVAL: booleanFlag,
  BOOKING_UNPAID_HOLDS_MAX: z.coerce.number().int().min(1).max(1000).default(BOOKING_HOLDS.unpaidMax),
  MARKETPLACE_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Hora')),
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .union([
        z.literal('none'),
        z
          .string()
          .regex(/^https:\/\/[^\s*'";]+$/, { message: 'must be an https tile URL template' })
          .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), {
            message: 'must contain {z}, {x} and {y}',
          }),
      ])
      .default(OPENSTREETMAP_TILES),
  ),
  MAP_TILE_ATTRIBUTION: z.preprocess(
    emptyToUndefined,
    z.string().max(300).default('© OpenStreetMap contributors'),
  ),
  /** Spec part 2 §9: off by default. Visitors then see a circle and the area, never the door. */
  MAP_FUZZY_LOCATION: booleanFlag,
  GEOCODER: z.preprocess(
    emptyToUndefined,
    z
      .enum(['gazetteer', 'nominatim', 'photon'], { message: 'must be gazetteer, nominatim or photon' })
      .default('gazetteer'),
  ),
  GEOCODER_URL: optionalUrl,
  GEOCODER_COUNTRIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*[A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*$/, {
        message: 'must be ISO 3166 alpha-2 codes separated by commas, e.g. ES,PT',
      })
      .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()))
      .optional(),
  ),
  BLOG_URL: optionalUrl,
  FACEBOOK_URL: optionalUrl,
  INSTAGRAM_URL: optionalUrl,
  TWITTER_URL: optionalUrl,
  LINKEDIN_URL: optionalUrl,
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { message: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^smtps?$/, message: 'must be an SMTP URL such as smtp://user:password@host:587' })
      .optional(),
  ),
  EMAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
  RECAPTCHA_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RECAPTCHA_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_DISCOVERY_URL: optionalUrl,
  FACEBOOK_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  FACEBOOK_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  FACEBOOK_DISCOVERY_URL: optionalUrl,
  ...imageStorageEnvironment,
  ...paymentsEnvironment,
  ...smsEnvironment,
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Base of canonical URLs and social metadata. */
  publicUrl: string;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * The live updates' LISTEN connection, when DATABASE_URL goes through a pooler in transaction mode
   * (where LISTEN does not work): a direct or session-mode URL. Unset: DATABASE_URL's database.
   */
  listenDatabaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Proxies in front of the server whose forwarded headers are trusted (0: none). */
  trustProxy: number;
  seedDemoData: boolean;
  /** Published listings wait for an operator (`npm run ops -- listings:approve <id>`) when set. */
  listings: { requireApproval: boolean };
  /** Bookings a customer may have waiting for payment at once (each holds its hours for 15 minutes). */
  bookings: { unpaidHoldsMax: number };
  /** Whether the HTTP process also runs background jobs (a worker-only process always does). */
  jobs: { workers: boolean };
  /** The local image storage's folder (also where nothing is kept when the storage is S3). */
  uploadsDir: string;
  /** IMAGE_STORAGE: the local folder (default) or an S3-compatible bucket. */
  imageStorage:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
        /** Undefined: the AWS SDK's own credential chain (instance role, environment, ...). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        /** Undefined: the bucket's own address at the endpoint. */
        publicUrl: string | undefined;
      };
  auth: {
    /** Signs sessions, email-verification tokens and (through a derived key) ALTCHA challenges. */
    secret: string;
    /** OpenID Connect providers enabled by configuration. */
    providers: { id: 'google' | 'facebook'; clientId: string; clientSecret: string; discoveryUrl: string }[];
  };
  /** The development mailbox (DEV_MAILBOX=true): it opens only with this key, new at each start. */
  devMailbox: { key: string } | undefined;
  /**
   * The movable clock of journeys and tests (TEST_CLOCK=true, never in production): moved through
   * `/api/dev/clock`, from this machine only and with this key, new at each start.
   */
  testClock: { key: string } | undefined;
  email: { smtpUrl: string | undefined; from: string };
  captcha: { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string; secretKey: string };
  /**
   * Place search: the offline gazetteer, or Nominatim or Photon at `url` (their public instance when
   * unset), answering only in `countries` when given.
   */
  geocoding: {
    kind: 'gazetteer' | 'nominatim' | 'photon';
    url: string | undefined;
    countries: string[] | undefined;
  };
  /**
   * The payment provider: the built-in sandbox, or Stripe when its keys are set (`apiBase`: another
   * API origin, for a fake server in tests or a proxy).
   */
  payments:
    | { kind: 'sandbox' }
    | {
        kind: 'stripe';
        secretKey: string;
        publishableKey: string;
        apiBase: string | undefined;
        /** The signing secret of our webhook endpoint (`whsec_…`). */
        webhookSecret: string;
      };
  /** Text messages: the SMS outbox (read on the dev mailbox), or Twilio when configured. */
  sms: SmsConfig;
  /** Map tiles (MAP_TILE_URL=none: the map shows its markers on a blank background). */
  maps: { tileUrl: string | undefined; attribution: string; fuzzyLocation: boolean };
  marketplace: {
    name: string;
    blogUrl: string | undefined;
    social: { facebook?: string; instagram?: string; twitter?: string; linkedin?: string };
  };
}

/**
 * The configuration as the environment states it, before `resolveSecrets` (secrets.ts) completes
 * it at start-up: without AUTH_SECRET the secret is read from (or created in) the data folder, and
 * an enabled mailbox gets its key. Kept apart so that parsing the environment stays pure.
 */
export type EnvironmentConfig = Omit<AppConfig, 'auth' | 'devMailbox' | 'testClock'> & {
  auth: Omit<AppConfig['auth'], 'secret'> & { secret: string | undefined };
  devMailbox: boolean;
  testClock: boolean;
};

/**
 * The embedded database lives in `<repository>/.data` by default, wherever the command runs from
 * (npm runs workspace scripts inside the workspace). A relative DATA_DIR is read from the folder the
 * person typed the command in (npm's INIT_CWD).
 */
function resolveDataDir(
  dataDir: string | undefined,
  environment: Record<string, string | undefined>,
): string {
  if (dataDir === undefined) return path.join(repositoryRoot, '.data');
  return path.resolve(environment.INIT_CWD ?? process.cwd(), dataDir);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at start-up; every problem is listed, not only the first. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): EnvironmentConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems = [
    ...(env.NODE_ENV === 'production' && !env.AUTH_SECRET ? ['AUTH_SECRET: is required in production'] : []),
    ...(env.NODE_ENV === 'production' && env.DEV_MAILBOX
      ? [
          'DEV_MAILBOX: must not be enabled in production (it shows every email, password-reset links included)',
        ]
      : []),
    ...(env.NODE_ENV === 'production' && env.TEST_CLOCK
      ? ['TEST_CLOCK: must not be enabled in production (it lets the time of every booking and job be moved)']
      : []),
    ...pairProblems(env, 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'),
    ...pairProblems(env, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'),
    ...pairProblems(env, 'FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'),
    ...imageStorageProblems(env),
    ...stripeProblems(env),
    ...smsProblems(env),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const social = Object.fromEntries(
    (
      [
        ['facebook', env.FACEBOOK_URL],
        ['instagram', env.INSTAGRAM_URL],
        ['twitter', env.TWITTER_URL],
        ['linkedin', env.LINKEDIN_URL],
      ] as const
    ).filter(([, url]) => url !== undefined),
  );
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    listenDatabaseUrl: env.LISTEN_DATABASE_URL,
    dataDir: resolveDataDir(env.DATA_DIR, environment),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? 0,
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    jobs: { workers: env.JOBS_WORKERS ?? true },
    listings: { requireApproval: env.LISTINGS_REQUIRE_APPROVAL ?? false },
    bookings: { unpaidHoldsMax: env.BOOKING_UNPAID_HOLDS_MAX },
    uploadsDir: path.join(resolveDataDir(env.DATA_DIR, environment), 'uploads'),
    imageStorage:
      env.IMAGE_STORAGE === 's3' && env.S3_BUCKET
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET,
            // Services with an endpoint of their own ignore the region or take any (R2: auto).
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : { kind: 'local' },
    auth: {
      secret: env.AUTH_SECRET,
      providers: [
        ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? [
              {
                id: 'google' as const,
                clientId: env.GOOGLE_CLIENT_ID,
                clientSecret: env.GOOGLE_CLIENT_SECRET,
                discoveryUrl:
                  env.GOOGLE_DISCOVERY_URL ?? 'https://accounts.google.com/.well-known/openid-configuration',
              },
            ]
          : []),
        ...(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
          ? [
              {
                id: 'facebook' as const,
                clientId: env.FACEBOOK_CLIENT_ID,
                clientSecret: env.FACEBOOK_CLIENT_SECRET,
                discoveryUrl:
                  env.FACEBOOK_DISCOVERY_URL ?? 'https://www.facebook.com/.well-known/openid-configuration/',
              },
            ]
          : []),
      ],
    },
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM ?? `${env.MARKETPLACE_NAME} <no-reply@localhost>` },
    captcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { kind: 'recaptcha', siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY }
        : { kind: 'altcha' },
    geocoding: { kind: env.GEOCODER, url: env.GEOCODER_URL, countries: env.GEOCODER_COUNTRIES },
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            kind: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            apiBase: env.STRIPE_API_BASE,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : { kind: 'sandbox' },
    sms: smsConfig(env),
    maps: {
      tileUrl: env.MAP_TILE_URL === 'none' ? undefined : env.MAP_TILE_URL,
      attribution: env.MAP_TILE_ATTRIBUTION,
      fuzzyLocation: env.MAP_FUZZY_LOCATION ?? false,
    },
    marketplace: { name: env.MARKETPLACE_NAME, blogUrl: env.BLOG_URL, social },
    devMailbox: env.DEV_MAILBOX ?? false,
    testClock: env.TEST_CLOCK ?? false,
  };
}
