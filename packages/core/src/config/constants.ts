/**
 * Business constants of spec part 2 §9, in one place. Values the spec calls configurable are
 * defaults here; the functions that use them take them as parameters.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const TIME_MS = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS } as const;

export const MARKETPLACE = {
  currency: 'EUR',
  locale: 'es',
  /** ISO 3166 code: phone numbers typed without a country code are read in its plan. */
  country: 'ES',
  /** BCP 47 tag used with `Intl` for money and dates. */
  intlLocale: 'es-ES',
  timeZone: 'Europe/Madrid',
  bookingUnit: 'line-item/units',
  processAlias: 'flex-hourly-default-process/release-1',
  availabilityEnabled: true,
  daysAvailableForBooking: 90,
  /** 0 = Sunday, as in the spec. */
  firstDayOfWeek: 0,
  minListingPriceMinor: 0,
} as const;

export const PRICE_UNITS = ['hour', 'day', 'night'] as const;

export const LIMITS = {
  paymentConfirmationMinutes: 15,
  verificationEmailsPerDay: 5,
  imageMaxBytes: 20 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/gif', 'image/png'],
  /** Listing photos also take WebP (phones share it); HEIC needs a decoder sharp does not ship. */
  listingImageTypes: ['image/jpeg', 'image/gif', 'image/png', 'image/webp'],
  /** Not in the spec: enough for any space, and a bound on one listing's storage. */
  listingImagesMax: 30,
  textAreaMax: 5000,
  titleMax: 60,
  /** Not in the spec: bounds of every other text input, so none can be stored unbounded. */
  nameMax: 100,
  /** RFC 5321: a forward path holds at most 256 octets, the address itself at most 254. */
  emailMax: 254,
  lineMax: 200,
  urlMax: 2048,
  /** Link and captcha tokens (signed JSON, base64): long enough for reCAPTCHA's, and no longer. */
  tokenMax: 4096,
  /** A phone number as typed, with spaces and punctuation, before it is parsed. */
  phoneInputMax: 40,
  bioTruncate: 170,
  titleWordBreak: { short: 7, long: 10 },
  passwordMin: 8,
  passwordMax: 256,
  ratingMin: 1,
  ratingMax: 5,
  /** The add-exception button shows while there are this many or fewer exceptions. */
  availabilityExceptionsMaxShown: 100,
  availabilityExceptionsFetchDays: 364,
  companyOwnerMinPercent: 25,
  /** Not given by the spec (value "not shown"); 18 is the common legal floor for payouts. */
  minimumAge: 18,
  birthYearSpan: 80,
  /** Not in the spec: people a listed space holds. */
  capacityMin: 1,
  capacityMax: 10_000,
  /** A time-slots query spans at most this many days (the booking window is 90). */
  timeSlotsQueryMaxDays: 100,
} as const;

/** Bounds of the booking rules a host sets (beyond the spec). */
export const BOOKING_RULE_LIMITS = {
  slotSteps: [30, 60],
  bufferMaxMinutes: 1440,
  advanceNoticeMaxMinutes: 30 * 1440,
  bookingWindowMaxDays: 90,
  /** A single booking lasts at most the whole booking window. */
  durationMaxMinutes: 90 * 1440,
} as const;

export const REFERRAL = {
  /** 10 euros, in minor units of the marketplace currency. */
  discountMinor: 1000,
  currency: 'EUR',
} as const;

/** Commission percentages. Not in the spec: anchor values from issue 3, configurable. */
export const COMMISSION = {
  providerPercent: -10,
  customerPercent: 0,
} as const;

export const PAYOUT = {
  defaultMcc: '5734',
  accountTypes: ['individual', 'company'],
  capabilities: ['card_payments', 'transfers'],
} as const;

export const COOKIE_CONSENT = { name: 'euCookiesAccepted', years: 10 } as const;

export const PAGE_SIZES = {
  search: 24,
  inbox: 10,
  manageListings: 42,
  messages: 100,
  timeSlots: 500,
  saleNotifications: 100,
  /** A host's published listings on their profile page: two, three or four to a row. */
  hostListings: 12,
} as const;

export const SORT = {
  queryParam: 'sort',
  default: 'createdAt',
  relevance: 'relevance',
  options: ['createdAt', '-createdAt', 'price', '-price', 'relevance'],
  /** Filters that make the relevance order the only meaningful one. */
  conflictingFilters: ['keywords'],
} as const;

export type SortKey = (typeof SORT.options)[number];

export const PRICE_FILTER = {
  min: 0,
  max: 1000,
  step: 5,
  debounceMs: 400,
  minWidthPx: 300,
} as const;

export const DURATION_OPTIONS = [
  { key: '0', minutes: 0, label: 'any' },
  { key: '60', minutes: 60, label: '1h' },
  { key: '120', minutes: 120, label: '2h' },
] as const;

export const DATE_FILTER = { availability: 'time-partial', searchTimeZone: 'Etc/UTC' } as const;

/** Keywords: the debounces, and the longest text the search takes (the page's URL reader cuts a longer one). */
export const KEYWORDS = { debounceMs: 600, shortWaitMs: 2000, minLength: 3, maxLength: 200 } as const;

export const MAP = {
  defaultZoom: 11,
  boundsDecimals: 8,
  fuzzyEnabled: false,
  fuzzyOffsetMeters: 500,
  fuzzyDefaultZoom: 13,
  fuzzyCircleStepDegrees: 8,
  earthRadiusKm: 6371,
  customMarker: { enabled: false, width: 32, height: 32, anchorX: 16, anchorY: 32 },
  currentLocationBoundsDistance: 1000,
  suggestCurrentLocation: true,
  sortByDistance: false,
} as const;

export const GEOCODER = {
  predictions: 5,
  debounceMs: 300,
  shortQueryWaitMs: 1000,
  shortQueryLength: 3,
  swipeThresholdPx: 5,
  boundingSizeAddressMeters: 500,
  boundingSizeOtherMeters: 2000,
  geolocationTimeoutMs: 5000,
  /** The longest text the predictions call takes. */
  queryMaxLength: 100,
} as const;

export const DEFAULT_SEARCHES = ['Barcelona', 'Madrid', 'Valencia'] as const;

/**
 * The default searches as places (spec part 2 §9 presets): the search box offers them before the
 * visitor types, and the landing page counts the listings of each. Bounds are the cities' municipal
 * areas ('neLat,neLng,swLat,swLng'), so a preset needs no geocoder.
 */
export const CITY_PRESETS = [
  {
    name: 'Barcelona',
    address: 'Barcelona, Cataluña, España',
    origin: { lat: 41.38879, lng: 2.15899 },
    bounds: { ne: { lat: 41.46954, lng: 2.22802 }, sw: { lat: 41.32004, lng: 2.05245 } },
  },
  {
    name: 'Madrid',
    address: 'Madrid, Comunidad de Madrid, España',
    origin: { lat: 40.4165, lng: -3.70256 },
    bounds: { ne: { lat: 40.56598, lng: -3.52464 }, sw: { lat: 40.31206, lng: -3.83406 } },
  },
  {
    name: 'Valencia',
    address: 'Valencia, Comunidad Valenciana, España',
    origin: { lat: 39.46975, lng: -0.37739 },
    bounds: { ne: { lat: 39.56684, lng: -0.27253 }, sw: { lat: 39.27838, lng: -0.43254 } },
  },
] as const satisfies readonly {
  name: (typeof DEFAULT_SEARCHES)[number];
  address: string;
  origin: { lat: number; lng: number };
  bounds: { ne: { lat: number; lng: number }; sw: { lat: number; lng: number } };
}[];

/**
 * Days a search's date filter may span (decision 0063): the booking window's usual reach. Each
 * day asked for is tested on every listing in the map box, so a range of a year over the whole map
 * cost seconds of the database's time per request; the page's URL reader shortens a longer range
 * to this, and the API refuses it.
 */
export const DATES_FILTER = { maxDays: 90 } as const;

/** People a search may ask room for (the search's minimum capacity). */
export const PEOPLE_FILTER = { min: 1, max: 500 } as const;

export const BREAKPOINTS = {
  mobile: 768,
  accountNavScroll: 1023,
  cardFont: 1024,
  imageSizes: [767, 1023, 1920],
} as const;

export const DATE_PICKER = {
  months: 1,
  daySize: 38,
  blurDelayMs: 100,
  monthTransitionMs: 200,
} as const;

export const TIMINGS_MS = {
  messageFormReset: 2000,
  verificationSentMessage: 2000,
  passwordChangeReset: 800,
  profileImageDelay: 2000,
  offerAcceptanceReload: 500,
  windowResizeDebounce: 100,
  dimensionDebounce: 200,
  imageLazyLoad: 3000,
  bankTokenDebounce: 1000,
} as const;

export const IMAGE_SIZES = {
  cardWidth: 250,
  avatarMobile: 96,
  avatarDesktop: 240,
  facebook: { width: 1200, height: 630 },
  twitter: { width: 600, height: 314 },
} as const;

/** Durations that drive the booking process timers (spec part 1 §4 and issue 3 anchors). */
export const PROCESS_TIMING = {
  paymentWindowMs: 15 * MINUTE_MS,
  preauthorizationExpiryMs: 6 * DAY_MS,
  bookingEndGraceMs: DAY_MS,
  reviewPeriodMs: 7 * DAY_MS,
} as const;

/**
 * Bookings a customer may have waiting for payment at once (beyond the spec): each holds its hours
 * for the 15-minute payment window, so without a cap one account could keep every free hour held.
 */
export const BOOKING_HOLDS = { unpaidMax: 3 } as const;

/**
 * Reviews (issue 12): the reminder to a party who has not reviewed goes this long before the review
 * period (PROCESS_TIMING.reviewPeriodMs after the booking's end) closes; the reviews' page sizes.
 */
export const REVIEWS = {
  reminderBeforeEndMs: 2 * DAY_MS,
  perPage: 10,
  perPageMax: 50,
  /** The listing page shows the newest ones with the count and average of all. */
  listingPagePerPage: 10,
} as const;

export type ProcessTiming = { readonly [K in keyof typeof PROCESS_TIMING]: number };

export const LEGAL = {
  termsLastUpdated: '2022-11-22',
  termsChanged: '2013-01-01',
} as const;

/** Favourite listings (issue 10): the page size of `/favListings`, a person's most, the ids asked at once. */
export const FAVOURITES = {
  perPage: PAGE_SIZES.search,
  max: 1000,
  idsQueryMax: 100,
} as const;
