import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paymentsStartWarning } from './adapters/payments/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { repositoryRoot } from './paths.ts';

describe('loadConfig', () => {
  it('gives a working local setup with no environment at all', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repositoryRoot, '.data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemoData).toBe(true);
    expect(config.marketplace).toEqual({ name: 'Hora', blogUrl: undefined, social: {} });
    // No secret is made up here: start-up reads or creates one in the data folder (secrets.ts).
    expect(config.auth.secret).toBeUndefined();
    expect(config.devMailbox).toBe(false);
  });

  it('honours PORT, DATABASE_URL and the public URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://hora:secret@db.internal:5432/hora',
      PUBLIC_URL: 'https://hora.example/',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://hora:secret@db.internal:5432/hora');
    expect(config.publicUrl).toBe('https://hora.example');
  });

  it('takes a separate URL for the live updates’ LISTEN connection, or none', () => {
    expect(loadConfig({}).listenDatabaseUrl).toBeUndefined();
    const config = loadConfig({ LISTEN_DATABASE_URL: 'postgres://hora:secret@db-direct.internal:5432/hora' });
    expect(config.listenDatabaseUrl).toBe('postgres://hora:secret@db-direct.internal:5432/hora');
    expect(() => loadConfig({ LISTEN_DATABASE_URL: 'mysql://root@localhost/hora' })).toThrow(
      /LISTEN_DATABASE_URL/,
    );
  });

  it('reads a relative DATA_DIR from the folder the command was typed in', () => {
    expect(loadConfig({ DATA_DIR: 'db', INIT_CWD: '/srv/hora' }).dataDir).toBe('/srv/hora/db');
    expect(loadConfig({ DATA_DIR: '/var/lib/hora' }).dataDir).toBe('/var/lib/hora');
  });

  it('runs background jobs in the HTTP process unless JOBS_WORKERS is false', () => {
    expect(loadConfig({}).jobs).toEqual({ workers: true });
    expect(loadConfig({ JOBS_WORKERS: 'false' }).jobs).toEqual({ workers: false });
    expect(loadConfig({ JOBS_WORKERS: 'true' }).jobs).toEqual({ workers: true });
    expect(() => loadConfig({ JOBS_WORKERS: 'sometimes' })).toThrow('JOBS_WORKERS: must be true or false');
  });

  it('geocodes offline by default; Nominatim or Photon at GEOCODER_URL, limited to GEOCODER_COUNTRIES', () => {
    expect(loadConfig({}).geocoding).toEqual({ kind: 'gazetteer', url: undefined, countries: undefined });
    expect(
      loadConfig({
        GEOCODER: 'nominatim',
        GEOCODER_URL: 'https://geo.example/nominatim',
        GEOCODER_COUNTRIES: 'es, pt',
      }).geocoding,
    ).toEqual({ kind: 'nominatim', url: 'https://geo.example/nominatim', countries: ['ES', 'PT'] });
    expect(loadConfig({ GEOCODER: 'photon' }).geocoding.kind).toBe('photon');
    expect(() => loadConfig({ GEOCODER: 'mapbox' })).toThrow(
      'GEOCODER: must be gazetteer, nominatim or photon',
    );
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example' })).toThrow(
      'GEOCODER_URL: must be an http(s) URL',
    );
    expect(() => loadConfig({ GEOCODER_COUNTRIES: 'Spain' })).toThrow(
      'GEOCODER_COUNTRIES: must be ISO 3166 alpha-2 codes separated by commas',
    );
  });

  it('takes map tiles from MAP_TILE_URL: OpenStreetMap by default, none on request, https templates only', () => {
    expect(loadConfig({}).maps).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      fuzzyLocation: false,
    });
    expect(loadConfig({ MAP_FUZZY_LOCATION: 'true' }).maps.fuzzyLocation).toBe(true);
    expect(loadConfig({ MAP_TILE_URL: 'none' }).maps.tileUrl).toBeUndefined();
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' }).maps.tileUrl).toBe(
      'https://{s}.tiles.example/{z}/{x}/{y}.png',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(
      'MAP_TILE_URL: must be an https tile URL template',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(
      'MAP_TILE_URL: must contain {z}, {x} and {y}',
    );
  });

  it('does not seed demo data in production unless asked to', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).seedDemoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
  });

  it('needs a real AUTH_SECRET in production, and both keys of each pair', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required in production/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(
      /RECAPTCHA_SECRET_KEY: is required when RECAPTCHA_SITE_KEY is set/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 's' })).toThrow(
      /GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set/,
    );
  });

  it('switches to reCAPTCHA and enables Google when configured', () => {
    const config = loadConfig({
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'secret',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.captcha).toEqual({ kind: 'recaptcha', siteKey: 'site', secretKey: 'secret' });
    expect(config.auth.providers).toEqual([
      {
        id: 'google',
        clientId: 'id',
        clientSecret: 'secret',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
    ]);
    expect(loadConfig({}).captcha).toEqual({ kind: 'altcha' });
  });

  it('keeps only the social links that are configured', () => {
    const config = loadConfig({
      INSTAGRAM_URL: 'https://instagram.com/hora',
      BLOG_URL: 'https://blog.hora.es',
    });
    expect(config.marketplace.social).toEqual({ instagram: 'https://instagram.com/hora' });
    expect(config.marketplace.blogUrl).toBe('https://blog.hora.es');
  });

  it('lists every problem at once, naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'mysql://root@localhost/hora',
        PORT: 'abc',
        FACEBOOK_URL: 'not a url',
        TRUST_PROXY: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems).toContain('PORT: must be a whole number between 1 and 65535');
    expect(problems.find((problem) => problem.startsWith('DATABASE_URL:'))).toMatch(/PostgreSQL URL/);
    expect(problems.find((problem) => problem.startsWith('FACEBOOK_URL:'))).toMatch(/http\(s\) URL/);
    expect(problems.find((problem) => problem.startsWith('TRUST_PROXY:'))).toMatch(
      /true, false or the number of proxies/,
    );
  });

  it('opens the development mailbox only when asked, and never in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(() => loadConfig({ DEV_MAILBOX: 'maybe' })).toThrow(/DEV_MAILBOX: must be true or false/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), DEV_MAILBOX: 'true' }),
    ).toThrow(/DEV_MAILBOX: must not be enabled in production/);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), DEV_MAILBOX: 'false' }).devMailbox,
    ).toBe(false);
  });

  it('turns the test clock on only when asked, and never in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'false' }).testClock).toBe(false);
    expect(() => loadConfig({ TEST_CLOCK: 'sometimes' })).toThrow(/TEST_CLOCK: must be true or false/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), TEST_CLOCK: 'true' }),
    ).toThrow(/TEST_CLOCK: must not be enabled in production/);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), TEST_CLOCK: 'false' }).testClock,
    ).toBe(false);
  });

  it.each(['0', '65536', '3000.5', '-1'])('rejects PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
  });

  it('warns at start when production takes no real payments, and only then', () => {
    const secret = 'x'.repeat(40);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(paymentsStartWarning(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }))).toMatch(
      /sandbox: no card is charged and no host is paid; set STRIPE_SECRET_KEY/,
    );
    expect(
      paymentsStartWarning(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, ...stripe })),
    ).toBeNull();
    expect(paymentsStartWarning(loadConfig({}))).toBeNull();
  });

  it('uses the payments sandbox unless both Stripe keys of one mode are set', () => {
    expect(loadConfig({}).payments).toEqual({ kind: 'sandbox' });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }).payments,
    ).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      apiBase: 'http://127.0.0.1:12111',
      webhookSecret: 'whsec_abc',
    });
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is only used with STRIPE_SECRET_KEY/,
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'abc',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set/,
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: must be of the same mode/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_BASE: is only used with STRIPE_SECRET_KEY/,
    );
  });
  it('keeps SMS in the outbox unless all three Twilio variables are set', () => {
    const sid = `AC${'a1'.repeat(16)}`;
    expect(loadConfig({}).sms).toEqual({ kind: 'outbox' });
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+34910000000' }).sms,
    ).toEqual({
      kind: 'twilio',
      accountSid: sid,
      authToken: 'tok',
      from: '+34910000000',
      apiBase: undefined,
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(
      /TWILIO_AUTH_TOKEN: is required when TWILIO_ACCOUNT_SID is set/,
    );
    expect(() =>
      loadConfig({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+34910000000' }),
    ).toThrow(/TWILIO_ACCOUNT_SID: must be a Twilio account SID/);
    expect(() => loadConfig({ TWILIO_API_BASE: 'http://127.0.0.1:9' })).toThrow(
      /TWILIO_API_BASE: is only used with/,
    );
  });
});
