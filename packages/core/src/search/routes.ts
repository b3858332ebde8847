import { createSlug } from './slug.ts';

export interface RouteDefinition {
  readonly path: string;
  /** Only signed-in users; others go to the login page and come back (docs/decisions/0006). */
  readonly auth?: boolean;
  /** Transaction role the page shows. */
  readonly role?: 'customer' | 'provider';
  /** Route that replaces this one, keeping the params; fixed params override. */
  readonly redirect?: { readonly name: string; readonly params?: Readonly<Record<string, string>> };
}

/**
 * Every route of spec part 1 §2, in matching order: static segments come before the dynamic
 * routes that would also match them ('/l/new' before '/l/:id').
 */
export const ROUTES = {
  LandingPage: { path: '/' },
  HowToPage: { path: '/how-to' },
  AboutPage: { path: '/about' },
  ContactPage: { path: '/contact' },
  FavListingsPage: { path: '/favListings', auth: true },
  StripeSubscriptionsPricesPage: { path: '/prices' },
  StripeSubscribe: { path: '/subscribe' },
  StripeRegister: { path: '/register' },
  StripeAccountSubscriptionsPage: { path: '/subscriptions' },
  ReferralPage: { path: '/referral' },
  Cancel: { path: '/cancel' },
  SearchPage: { path: '/s' },
  ListingBasePage: { path: '/l', redirect: { name: 'LandingPage' } },
  NewListingPage: {
    path: '/l/new',
    auth: true,
    redirect: {
      name: 'EditListingPage',
      params: { slug: 'draft', id: '00000000-0000-0000-0000-000000000000', type: 'new', tab: 'description' },
    },
  },
  ListingPageCanonical: { path: '/l/:id' },
  ListingPage: { path: '/l/:slug/:id' },
  CheckoutPage: { path: '/l/:slug/:id/checkout', auth: true },
  ListingPageVariant: { path: '/l/:slug/:id/:variant', auth: true },
  EditListingPage: { path: '/l/:slug/:id/:type/:tab', auth: true },
  EditListingStripeOnboardingPage: { path: '/l/:slug/:id/:type/:tab/:returnURLType', auth: true },
  ProfileBasePage: { path: '/u', redirect: { name: 'LandingPage' } },
  ProfilePage: { path: '/u/:id' },
  ProfileSettingsPage: { path: '/profile-settings', auth: true },
  LoginPage: { path: '/login' },
  SignupPage: { path: '/signup' },
  ConfirmPage: { path: '/confirm' },
  PasswordRecoveryPage: { path: '/recover-password' },
  PasswordResetPage: { path: '/reset-password' },
  EmailVerificationPage: { path: '/verify-email', auth: true },
  InboxBasePage: { path: '/inbox', auth: true, redirect: { name: 'InboxPage', params: { tab: 'sales' } } },
  InboxPage: { path: '/inbox/:tab', auth: true },
  OrderPage: { path: '/order/:id', auth: true, redirect: { name: 'OrderDetailsPage' } },
  OrderDetailsPage: { path: '/order/:id/details', auth: true, role: 'customer' },
  SalePage: { path: '/sale/:id', auth: true, redirect: { name: 'SaleDetailsPage' } },
  SaleDetailsPage: { path: '/sale/:id/details', auth: true, role: 'provider' },
  ManageListingsPage: { path: '/listings', auth: true },
  AccountSettingsPage: { path: '/account', auth: true, redirect: { name: 'ContactDetailsPage' } },
  ContactDetailsPage: { path: '/account/contact-details', auth: true },
  PasswordChangePage: { path: '/account/change-password', auth: true },
  StripePayoutPage: { path: '/account/payments', auth: true },
  StripePayoutOnboardingPage: { path: '/account/payments/:returnURLType', auth: true },
  /** The payments sandbox's hosted onboarding: the provider's own page when Stripe is configured. */
  SandboxOnboardingPage: { path: '/sandbox/connect/:linkId', auth: true },
  PaymentMethodsPage: { path: '/account/payment-methods', auth: true },
  /** Issue 12: a person deletes their own account (beyond the spec's account pages). */
  DeleteAccountPage: { path: '/account/delete-account', auth: true },
  TermsOfServicePage: { path: '/terms-of-service' },
  PrivacyPolicyPage: { path: '/privacy-policy' },
  NotFoundPage: { path: '/notfound' },
  Styleguide: { path: '/styleguide' },
  StyleguideGroup: { path: '/styleguide/g/:group' },
  StyleguideComponent: { path: '/styleguide/c/:component' },
  StyleguideComponentExample: { path: '/styleguide/c/:component/:example' },
  StyleguideComponentExampleRaw: { path: '/styleguide/c/:component/:example/raw' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** Pages highlighted under the account menu. */
export const ACCOUNT_SETTINGS_PAGES = [
  'ContactDetailsPage',
  'PasswordChangePage',
  'StripePayoutPage',
  'PaymentMethodsPage',
] as const satisfies readonly RouteName[];

export const DRAFT_LISTING_ID = '00000000-0000-0000-0000-000000000000';
export const DRAFT_SLUG = 'draft';

export function isRouteName(name: unknown): name is RouteName {
  return typeof name === 'string' && Object.hasOwn(ROUTES, name);
}

export function routeDefinition(name: RouteName): RouteDefinition {
  return ROUTES[name];
}

/** Path of a named route. Unknown name → 'Path not found'; an empty slug → 'no-slug'. */
export function pathByRouteName(
  name: string,
  params: Record<string, string | null | undefined> = {},
): string {
  if (!isRouteName(name)) throw new Error('Path not found');
  return ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (key === 'slug') return encodeURIComponent(value ? value : 'no-slug');
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing route param '${key}' for ${name}`);
    return encodeURIComponent(value);
  });
}

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** Each route's path split once (every page render matches its own path, for the canonical URL). */
let routePatterns: readonly (readonly [RouteName, readonly string[]])[] | undefined;

/** The first route (in table order) matching a pathname. */
export function matchRoute(pathname: string): RouteMatch | null {
  const segments = splitPath(pathname.split(/[?#]/)[0] ?? '');
  routePatterns ??= ROUTE_NAMES.map((name) => [name, splitPath(ROUTES[name].path)] as const);
  for (const [name, pattern] of routePatterns) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (!part.startsWith(':')) return part === segment;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return true;
    });
    if (matched) return { name, params };
  }
  return null;
}

/** Where a redirecting route sends the visitor; null for routes that render themselves. */
export function redirectPath(match: RouteMatch): string | null {
  const redirect: RouteDefinition['redirect'] = routeDefinition(match.name).redirect;
  if (!redirect) return null;
  return pathByRouteName(redirect.name, { ...match.params, ...redirect.params });
}

export function listingPath(listing: { id: string; title?: string | null }): string {
  return pathByRouteName('ListingPage', { slug: createSlug(listing.title), id: listing.id });
}

export function listingCanonicalPath(id: string): string {
  return pathByRouteName('ListingPageCanonical', { id });
}

/**
 * Canonical URL of a page (analytics, <link rel=canonical>): the listing page drops its slug
 * (the third of its four path segments) and its query; other pages stay as they are.
 */
export function canonicalPath(pathname: string, search = '', hash = ''): string {
  const match = matchRoute(pathname);
  if (match?.name === 'ListingPage') return listingCanonicalPath(match.params.id as string);
  return `${pathname}${search}${hash}`;
}

export function draftListingPath(tab = 'description'): string {
  return pathByRouteName('EditListingPage', { slug: DRAFT_SLUG, id: DRAFT_LISTING_ID, type: 'new', tab });
}

export type InboxTab = 'orders' | 'sales';

/** Hosts land on their sales, everybody else on their orders. */
export function defaultInboxTab(hasListings: boolean): InboxTab {
  return hasListings ? 'sales' : 'orders';
}
