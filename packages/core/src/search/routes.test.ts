import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SETTINGS_PAGES,
  canonicalPath,
  DRAFT_LISTING_ID,
  defaultInboxTab,
  draftListingPath,
  isRouteName,
  listingCanonicalPath,
  listingPath,
  matchRoute,
  pathByRouteName,
  ROUTE_NAMES,
  ROUTES,
  redirectPath,
  routeDefinition,
} from './routes.ts';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('route table', () => {
  it.each([
    ['LandingPage', {}, '/'],
    ['SearchPage', {}, '/s'],
    ['ListingPage', { slug: 'sala-grande', id: ID }, `/l/sala-grande/${ID}`],
    ['ListingPageCanonical', { id: ID }, `/l/${ID}`],
    ['CheckoutPage', { slug: 'x', id: ID }, `/l/x/${ID}/checkout`],
    ['ListingPageVariant', { slug: 'x', id: ID, variant: 'draft' }, `/l/x/${ID}/draft`],
    ['EditListingPage', { slug: 'x', id: ID, type: 'edit', tab: 'pricing' }, `/l/x/${ID}/edit/pricing`],
    [
      'EditListingStripeOnboardingPage',
      { slug: 'x', id: ID, type: 'edit', tab: 'photos', returnURLType: 'success' },
      `/l/x/${ID}/edit/photos/success`,
    ],
    ['ProfilePage', { id: 'u1' }, '/u/u1'],
    ['InboxPage', { tab: 'orders' }, '/inbox/orders'],
    ['OrderDetailsPage', { id: 'tx1' }, '/order/tx1/details'],
    ['SaleDetailsPage', { id: 'tx1' }, '/sale/tx1/details'],
    ['StripePayoutOnboardingPage', { returnURLType: 'failure' }, '/account/payments/failure'],
    [
      'StyleguideComponentExampleRaw',
      { component: 'Button', example: 'Primary' },
      '/styleguide/c/Button/Primary/raw',
    ],
    ['ProfilePage', { id: 'a b/c' }, '/u/a%20b%2Fc'],
  ])('%s with %j → %s', (name, params, path) => {
    expect(pathByRouteName(name, params)).toBe(path);
  });

  it.each([[''], [null], [undefined]])('turns the empty slug %j into no-slug', (slug) => {
    expect(pathByRouteName('ListingPage', { slug, id: ID })).toBe(`/l/no-slug/${ID}`);
  });

  it('throws "Path not found" for an unknown name and names a missing param', () => {
    expect(() => pathByRouteName('NoSuchPage')).toThrow('Path not found');
    expect(() => pathByRouteName('toString')).toThrow('Path not found');
    expect(() => pathByRouteName('ProfilePage')).toThrow("Missing route param 'id' for ProfilePage");
  });

  it('has unique paths, redirects to existing routes and the account group', () => {
    const paths = ROUTE_NAMES.map((name) => ROUTES[name].path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const name of ROUTE_NAMES) {
      const redirect = routeDefinition(name).redirect;
      if (redirect) expect(isRouteName(redirect.name)).toBe(true);
    }
    expect(ACCOUNT_SETTINGS_PAGES).toHaveLength(4);
    expect(routeDefinition('OrderDetailsPage').role).toBe('customer');
    expect(routeDefinition('SaleDetailsPage').role).toBe('provider');
    expect(routeDefinition('ListingPageVariant').auth).toBe(true);
  });

  it('matches every route path back to its own name', () => {
    for (const name of ROUTE_NAMES) {
      const path = ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => `${key}-value`);
      expect(matchRoute(path)?.name, path).toBe(name);
    }
  });
});

describe('matching', () => {
  it.each([
    ['/', 'LandingPage', {}],
    ['/l/new', 'NewListingPage', {}],
    [`/l/${ID}`, 'ListingPageCanonical', { id: ID }],
    [`/l/sala/${ID}`, 'ListingPage', { slug: 'sala', id: ID }],
    [`/l/sala/${ID}/checkout`, 'CheckoutPage', { slug: 'sala', id: ID }],
    [
      `/l/sala/${ID}/pending-approval`,
      'ListingPageVariant',
      { slug: 'sala', id: ID, variant: 'pending-approval' },
    ],
    ['/inbox/', 'InboxBasePage', {}],
    ['/u/caf%C3%A9?x=1#top', 'ProfilePage', { id: 'café' }],
    ['/account/payments/success', 'StripePayoutOnboardingPage', { returnURLType: 'success' }],
  ])('%s is %s', (pathname, name, params) => {
    expect(matchRoute(pathname)).toEqual({ name, params });
  });

  it.each(['/nope', '/l/a/b/c/d/e/f', '/u/%E0%A4%A'])('%s matches nothing', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });

  it.each([
    ['/l', '/'],
    ['/u', '/'],
    ['/inbox', '/inbox/sales'],
    ['/order/tx1', '/order/tx1/details'],
    ['/sale/tx1', '/sale/tx1/details'],
    ['/account', '/account/contact-details'],
    ['/l/new', `/l/draft/${DRAFT_LISTING_ID}/new/description`],
  ])('%s redirects to %s', (from, to) => {
    const match = matchRoute(from);
    expect(match && redirectPath(match)).toBe(to);
  });

  it('does not redirect a page that renders itself', () => {
    expect(redirectPath({ name: 'SearchPage', params: {} })).toBeNull();
  });
});

describe('listing paths', () => {
  it('builds the listing path and its canonical form', () => {
    expect(listingPath({ id: ID, title: 'Cocina Señorial' })).toBe(`/l/cocina-senorial/${ID}`);
    expect(listingPath({ id: ID, title: null })).toBe(`/l/no-slug/${ID}`);
    expect(listingCanonicalPath(ID)).toBe(`/l/${ID}`);
    expect(canonicalPath(`/l/cocina-senorial/${ID}`, '?book=true', '#reviews')).toBe(`/l/${ID}`);
    expect(canonicalPath('/s', '?keywords=sala', '#map')).toBe('/s?keywords=sala#map');
    expect(draftListingPath()).toBe(`/l/draft/${DRAFT_LISTING_ID}/new/description`);
    expect(draftListingPath('photos')).toBe(`/l/draft/${DRAFT_LISTING_ID}/new/photos`);
  });

  it('opens the sales tab for hosts and the orders tab for others', () => {
    expect(defaultInboxTab(true)).toBe('sales');
    expect(defaultInboxTab(false)).toBe('orders');
  });
});
