import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Captcha, createCaptcha } from './adapters/captcha/index.ts';
import { createGeocoder, type Geocoder } from './adapters/geocoding/index.ts';
import { mapTiles } from './adapters/maps/index.ts';
import type { ChargesPort } from './adapters/payments/charges-port.ts';
import { createPayments, type Payments } from './adapters/payments/index.ts';
import { createImageStorage, type ImageStorage, registerUploads } from './adapters/storage/index.ts';
import { type Clock, systemClock, TestClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { type Database, dedicatedClient, limitedDatabase } from './db/client.ts';
import { registerPrivateCaching } from './http/cache-control.ts';
import { registerClock } from './http/clock.ts';
import { registerCompression } from './http/compression.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerApiNotFound,
  registerErrorHandling,
  registerNotFound,
} from './http/errors.ts';
import { allowedHost, registerHostCheck } from './http/host-check.ts';
import { InternalCalls, registerInternalCalls } from './http/internal-calls.ts';
import { registerOpenApi } from './http/openapi.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { registerSecurity } from './http/security.ts';
import { serializerCompiler } from './http/serializer.ts';
import { createLogger } from './logger.ts';
import { currentPasswordCheck } from './modules/account/current-password.ts';
import { accountRepository } from './modules/account/repository.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { accountService } from './modules/account/service.ts';
import { createAuth, sessionCookieName } from './modules/auth/better-auth.ts';
import { outboxAuthEmails } from './modules/auth/emails.ts';
import { PasswordGuard } from './modules/auth/password-guard.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authService } from './modules/auth/service.ts';
import { fastSessionReader, registerSessionResolution } from './modules/auth/session.ts';
import type { SeatBookingsReader } from './modules/availability/bookings.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { availabilityService } from './modules/availability/service.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { registerDevMailbox } from './modules/email/index.ts';
import { favouriteRoutes } from './modules/favourites/routes.ts';
import { favouritesService } from './modules/favourites/service.ts';
import { geocodingRoutes } from './modules/geocoding/routes.ts';
import { geocodingService } from './modules/geocoding/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { hostListingsRoutes } from './modules/host-listings/routes.ts';
import { hostListingsService } from './modules/host-listings/service.ts';
import { avatarRoutes, createListingImagesReader, listingImageRoutes } from './modules/images/index.ts';
import { createListingCardsReader } from './modules/listings/cards.ts';
import type { ListingImagesReader, PayoutReadiness } from './modules/listings/ports.ts';
import { listingRoutes } from './modules/listings/routes.ts';
import { listingsService } from './modules/listings/service.ts';
import { type LiveUpdatesLimits, registerLiveUpdates } from './modules/live-updates/index.ts';
import { messageRoutes, messagesService } from './modules/messages/index.ts';
import { offerRoutes, offersService } from './modules/offers/index.ts';
import {
  type PaymentEventHandler,
  paymentEventReceiver,
  paymentWebhookRoutes,
} from './modules/payment-events/index.ts';
import {
  createSavedCards,
  paymentMethodRoutes,
  paymentMethodsService,
  sandboxCardRoutes,
} from './modules/payment-methods/index.ts';
import {
  createPayoutReadiness,
  payoutRoutes,
  payoutSessionFacts,
  payoutsService,
  sandboxOnboardingRoutes,
} from './modules/payouts/index.ts';
import { payoutAccountRepository } from './modules/payouts/repository.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { reviewsService } from './modules/reviews/service.ts';
import { freeTimeRefresher } from './modules/search/free-time.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { SEARCH_DATABASE, searchService } from './modules/search/service.ts';
import { registerTestClock } from './modules/test-clock/routes.ts';
import {
  createPaymentEventHandler,
  type PayoutDestinations,
  type SavedCards,
  seatBookingsReader,
  transactionEngine,
  transactionRoutes,
  transactionsService,
} from './modules/transactions/index.ts';
import { accountDeletion, accountDeletionRoutes } from './modules/users/index.ts';
import { registerWebAssets, registerWebPages, type WebOptions } from './web/ssr.ts';

export interface AppDependencies {
  db: Database;
  /** Omitted by API tests that need no pages. */
  web?: WebOptions;
  /** Tests replace the captcha; production builds it from config. */
  captcha?: Captcha;
  storage?: ImageStorage;
  /** Tests give a geocoder of their own; production builds the configured one. */
  geocoder?: Geocoder;
  /** Tests may hand in a payments provider; otherwise the configuration selects it. */
  payments?: Payments;
  /**
   * What acts on payment events (Stripe's webhooks, the sandbox's in-process events), after they
   * were verified and de-duplicated: the transaction engine's. Until it is given, events are logged.
   */
  paymentEventHandler?: PaymentEventHandler;
  /**
   * The one clock of every service and route: `systemClock` unless a test moves it. With TEST_CLOCK
   * it must be the `TestClock` the process's jobs also read (serve.ts makes one).
   */
  clock?: Clock;
  /** Tests read what is logged; otherwise the configured JSON-lines logger on stdout. */
  logger?: Logger;
  /** Hosting's neighbours, replaced by tests; seats held are read from the bookings table otherwise. */
  hosting?: {
    listingImages?: ListingImagesReader;
    payoutReadiness?: PayoutReadiness;
    seatBookings?: SeatBookingsReader;
  };
  /**
   * The booking engine's neighbours (issue 11): card payments through the charges port and the
   * customer's saved card. The transactions API is served when both are given (the payments
   * module provides them; tests hand in fakes).
   */
  transactions?: {
    charges?: ChargesPort;
    savedCards?: SavedCards;
    payoutDestinations?: PayoutDestinations;
  };
  /** The search's own pool and time limit (`SEARCH_DATABASE`; tests make the limit small). */
  search?: { statementTimeoutMs?: number };
  /** Live updates' limits (tests make them small) and their LISTEN connection (a new client by default). */
  liveUpdates?: LiveUpdatesLimits & { connect?: () => pg.Client };
}

/** The live updates' LISTEN connection: LISTEN_DATABASE_URL's, else a new client on `db`'s database. */
function listenConnection(config: AppConfig, db: Database): () => pg.Client {
  const url = config.listenDatabaseUrl;
  return url ? () => new pg.Client({ connectionString: url, keepAlive: true }) : () => dedicatedClient(db);
}

/** Builds the whole HTTP application without listening, so tests drive it with `app.inject`. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (deps.logger ?? createLogger(config)) as FastifyBaseLogger,
    // The nearest `config.trustProxy` hops, never `true`, which would take the client's own first
    // X-Forwarded-For entry as its address (hop 0 is the socket's peer).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNotFound(app);
  // The API reads JSON (and multipart uploads): a text body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  const clock = deps.clock ?? (config.testClock ? new TestClock(systemClock) : systemClock);
  if (config.testClock && !(clock instanceof TestClock)) throw new Error('TEST_CLOCK needs a TestClock');
  registerClock(app, clock);
  // First of the hooks: an API call a page's loader makes in-process is told from one off the network.
  const internalCalls = new InternalCalls();
  registerInternalCalls(app, internalCalls);
  const { db } = deps;
  const captcha = deps.captcha ?? createCaptcha(config, db, { clock });
  const maps = mapTiles(config);
  const storage = deps.storage ?? createImageStorage(config);
  const payments = deps.payments ?? createPayments(config, { db, clock, log: app.log });
  const seatBookings = deps.hosting?.seatBookings ?? seatBookingsReader(db);
  const freeTime = freeTimeRefresher({ clock, bookings: seatBookings });
  // The booking engine (issue 11) charges through the payments port and keeps the customer's card
  // with the payment methods module, unless a test hands in fakes.
  const charges = deps.transactions?.charges ?? payments.charges;
  const savedCards = deps.transactions?.savedCards ?? createSavedCards({ db, clock, charges });
  const engine = transactionEngine({ db, clock, charges, freeTime, logger: app.log });
  const paymentEvents = paymentEventReceiver({
    db,
    clock,
    handler: deps.paymentEventHandler ?? createPaymentEventHandler({ engine, charges, logger: app.log }),
  });
  if (payments.kind === 'sandbox') {
    // The sandbox's events reach the same receiver as Stripe's webhooks; closing waits for them.
    payments.charges.onEvent(async (event) => {
      const outcome = await paymentEvents.receive(event);
      if (outcome === 'in-progress') throw new Error(`Payment event ${event.id} is being handled elsewhere`);
    });
    app.addHook('onClose', () => payments.charges.eventsDelivered());
  }
  await registerSecurity(app, config, {
    viteDevServer: deps.web?.mode === 'development',
    adapters: [
      captcha.contentSecurity,
      maps.contentSecurity,
      storage.contentSecurity,
      payments.contentSecurity,
    ],
  });
  await app.register(cookie);
  const cookieName = sessionCookieName(config);
  // On the root, before any route is declared: every request (files, API, pages, unknown paths) is
  // for a host we serve, and every state-changing one comes from our own origin.
  const isAllowedHost = allowedHost(config);
  registerHostCheck(app, isAllowedHost);
  registerCsrfProtection(app, { publicUrl: config.publicUrl, sessionCookieName: cookieName, isAllowedHost });
  await registerOpenApi(app, config);

  const limiter = new RateLimiter(db, clock);
  const passwordGuard = new PasswordGuard(limiter);
  const emails = outboxAuthEmails(config, clock);
  const auth = createAuth({
    config,
    db,
    emails: emails(db),
    logger: app.log,
    clock,
    onPasswordReset: (userId) => passwordGuard.forgive(userId),
  });
  const geocoder = deps.geocoder ?? createGeocoder(config);
  // Files (uploads, the client build) are served outside the session hook below: one page view
  // fetches a dozen of them, each carrying the session cookie, and none needs to know who asks.
  if (config.imageStorage.kind === 'local') await registerUploads(app, { uploadsDir: config.uploadsDir });
  const pages = deps.web ? await registerWebAssets(app, deps.web) : undefined;
  // After the files (served precompressed as built), before every response rendered per request.
  await registerCompression(app);

  const listingImages = deps.hosting?.listingImages ?? createListingImagesReader(db, storage);
  // Cards read on `database`'s connections (the app's, or the search's own pool).
  const cardsReaderOn = (database: Database, images: ListingImagesReader) =>
    createListingCardsReader(database, { images, fuzzyLocation: config.maps.fuzzyLocation });
  const listingCards = cardsReaderOn(db, listingImages);
  const payoutReadiness = deps.hosting?.payoutReadiness ?? createPayoutReadiness(db, payments.payouts);
  const transactions = transactionsService({
    db,
    clock,
    engine,
    unpaidHoldsMax: config.bookings.unpaidHoldsMax,
    charges,
    savedCards,
    payoutReadiness,
    payoutDestinations: deps.transactions?.payoutDestinations ?? {
      accountIdOf: async (userId) =>
        (await payoutAccountRepository(db).findByUser(userId, payments.kind))?.providerAccountId ?? null,
    },
    bookings: seatBookings,
    images: listingImages,
    imageUrls: storage,
  });
  const listings = listingsService({
    db,
    clock,
    geocoder,
    freeTime,
    images: listingImages,
    imageUrls: storage,
    payouts: payoutReadiness,
    requireApproval: config.listings.requireApproval,
    fuzzyLocation: config.maps.fuzzyLocation,
  });

  const paymentMethods = paymentMethodsService({ db, clock, charges: payments.charges });

  await app.register(async (scope) => {
    registerSessionResolution(scope, {
      auth,
      cookieName,
      fast: fastSessionReader({ db, secret: config.auth.secret, clock }),
    });
    registerPrivateCaching(scope);
    await scope.register(healthRoutes, { db });
    await scope.register(authRoutes, {
      auth,
      service: authService({ auth, db, captcha: captcha.verifier, passwordGuard }),
      limiter,
      providers: config.auth.providers.map((provider) => provider.id),
    });
    await scope.register(accountRoutes, {
      service: accountService({
        db,
        auth,
        passwordGuard,
        limiter,
        emails,
        images: storage,
        sessionFacts: [
          async (userId) => ({ hasListings: await listings.hasListings(userId) }),
          payoutSessionFacts(db, payments.kind),
          // Issue 12: the inbox dot, one count on a partial index.
          async (userId) => ({ salesAwaiting: await transactions.salesAwaiting(userId) }),
        ],
      }),
    });
    await scope.register(listingRoutes, { service: listings });
    // Searches any visitor can make as costly as they like: a pool of their own with a time limit,
    // for the whole search, its cards included: a burst of searches never holds the app's.
    const search = limitedDatabase(db, {
      max: SEARCH_DATABASE.connections,
      statementTimeoutMs: deps.search?.statementTimeoutMs ?? SEARCH_DATABASE.statementTimeoutMs,
    });
    app.addHook('onClose', () => search.close());
    const searchCards = cardsReaderOn(
      search.db,
      deps.hosting?.listingImages ?? createListingImagesReader(search.db, storage),
    );
    await scope.register(searchRoutes, {
      service: searchService({ db: search.db, clock, cards: searchCards }),
    });
    await scope.register(favouriteRoutes, { service: favouritesService({ db, cards: listingCards }) });
    await scope.register(hostListingsRoutes, { service: hostListingsService({ db, cards: listingCards }) });
    await scope.register(availabilityRoutes, {
      service: availabilityService({ db, clock, bookings: seatBookings, freeTime }),
    });
    await scope.register(transactionRoutes, { service: transactions, limiter });
    await scope.register(offerRoutes, { service: offersService({ db, clock }), limiter });
    // Issue 12: a person deletes their own account (decision 0047).
    await scope.register(accountDeletionRoutes, {
      cookieName,
      service: accountDeletion({
        db,
        clock,
        freeTime,
        storage,
        savedCard: paymentMethods,
        assertCurrentPassword: currentPasswordCheck({ accounts: accountRepository(db), passwordGuard }),
        log: app.log,
      }),
    });
    await scope.register(messageRoutes, { service: messagesService({ db, clock }), limiter });
    await scope.register(reviewRoutes, {
      service: reviewsService({ db, clock, engine, imageUrls: storage }),
    });
    // Issue 12: server-sent events of the viewer's transactions, fed by PostgreSQL's LISTEN/NOTIFY.
    const { connect = listenConnection(config, db), ...limits } = deps.liveUpdates ?? {};
    await registerLiveUpdates(app, scope, { db, clock, connect, limits });
    await scope.register(payoutRoutes, {
      service: payoutsService({ db, payments, clock, publicUrl: config.publicUrl }),
      payments,
    });
    if (payments.kind === 'sandbox')
      await scope.register(sandboxOnboardingRoutes, { db, payouts: payments.payouts });
    // Card payments (issue 11): the webhook, the saved card, and the sandbox's stand-in for Stripe.js.
    await scope.register(paymentWebhookRoutes, { charges: payments.charges, receiver: paymentEvents });
    await scope.register(paymentMethodRoutes, {
      service: paymentMethods,
      limiter,
    });
    if (payments.kind === 'sandbox')
      await scope.register(sandboxCardRoutes, { charges: payments.charges, limiter });
    await scope.register(captchaRoutes, { captcha });
    await scope.register(avatarRoutes, { db, storage });
    await scope.register(listingImageRoutes, { db, storage });
    await scope.register(geocodingRoutes, {
      service: geocodingService({ geocoder, countries: config.geocoding.countries }),
      limiter,
    });
    await registerDevMailbox(scope, {
      db,
      key: config.devMailbox?.key,
      secureCookie: config.publicUrl.startsWith('https://'),
    });
    if (clock instanceof TestClock) await registerTestClock(scope, { db, clock, key: config.testClock?.key });
    registerApiNotFound(scope);
    if (pages) await registerWebPages(scope, { app, handle: pages, config, internalCalls });
  });
  return app;
}
